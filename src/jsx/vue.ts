/**
 * `<docent-chat>` in Vue templates (type-checked by Vue's language tools, `vue-tsc`). Add it to
 * the program once, e.g. in `src/env.d.ts`: `/// <reference types="docent/jsx/vue" />`. Vue
 * must also be told the tag is a custom element (`compilerOptions.isCustomElement`, see the
 * README). Options in attribute form (`api-key="…"`) or property form (`:labels="{ launcher:
 * 'Ask' }"`): Vue sets a custom element's known properties as properties.
 * @module
 */
import type { DefineComponent } from 'vue';
import type { DocentChatOptionProps } from './attributes.js';

declare module 'vue' {
  interface GlobalComponents {
    'docent-chat': DefineComponent<DocentChatOptionProps>;
  }
}
