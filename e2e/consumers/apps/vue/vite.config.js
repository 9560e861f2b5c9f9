import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// A Vite Vue app as `npm create vite` makes one; Vue is told <docent-chat> is a custom element.
export default defineConfig({
  base: '/vue/',
  logLevel: 'warn',
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'docent-chat' } } })],
});
