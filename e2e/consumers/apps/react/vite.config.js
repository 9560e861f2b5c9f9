import { defineConfig } from 'vite';

// A Vite React app as `npm create vite` makes one, built with Vite's own JSX transform.
export default defineConfig({
  base: '/react/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
});
