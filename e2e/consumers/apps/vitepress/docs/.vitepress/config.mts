import { defineConfig } from 'vitepress';

export default defineConfig({
  base: '/vitepress/',
  title: 'VitePress consumer',
  // <docent-chat> is a custom element, not a Vue component.
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag === 'docent-chat' } } },
});
