import { describe, expect, test } from 'vitest';
import { readConfigLiterals } from './config-literals';

describe('readConfigLiterals', () => {
  const source = `
    // cleanUrls: false  (a comment does not count)
    import { defineConfig } from 'vitepress';
    export const locales = { root: { lang: 'en-US' }, 'zh-cn': { lang: "zh-CN" } };
    const pattern = /[{}]'"/g;
    export default defineConfig({
      base: \`/docs/\`,
      title: \`\${name} docs\`,
      cleanUrls: true,
      rewrites: { 'en/:rest*': ':rest*' },
      locales,
      head: [['link', { rel: 'icon' }]],
      editUrl: ({ docPath }) => \`https://x/\${docPath}\`,
      port: 5173 as const,
      themeConfig: { cleanUrls: false },
      env: process.env.MODE,
    });
  `;
  const config = readConfigLiterals(source);

  test('reads literals of the shallowest property of that name', () => {
    expect(config.setting('cleanUrls')).toBe(true);
    expect(config.setting('base')).toBe('/docs/');
    expect(config.setting('rewrites')).toEqual({ 'en/:rest*': ':rest*' });
    expect(config.setting('port')).toBe(5173);
  });

  test('resolves shorthand properties through const declarations', () => {
    expect(config.setting('locales')).toEqual({ root: { lang: 'en-US' }, 'zh-cn': { lang: 'zh-CN' } });
  });

  test('anything computed reads as undefined, and so does a missing setting', () => {
    expect(config.setting('title')).toBeUndefined();
    expect(config.setting('env')).toBeUndefined();
    expect(config.setting('editUrl')).toBeUndefined();
    expect(config.setting('srcDir')).toBeUndefined();
  });
});
