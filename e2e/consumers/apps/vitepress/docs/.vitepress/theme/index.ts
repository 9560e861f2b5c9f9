import DefaultTheme from 'vitepress/theme';
import { h } from 'vue';
// Imported at the top level: also while VitePress renders the pages in Node, where it must not throw.
import 'docent/element';

export default {
  extends: DefaultTheme,
  Layout: () =>
    h(DefaultTheme.Layout, null, {
      'layout-bottom': () => h('docent-chat', { domain: 'demo', 'api-key': 'svc_dsc_demo' }),
    }),
};
