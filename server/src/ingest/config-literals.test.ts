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

describe('readConfigLiterals: a setting beside other settings', () => {
  const astro = `
    import starlight from '@astrojs/starlight';
    export default defineConfig({
      site: 'https://example.com',
      integrations: [
        starlight({
          title: 'Docs',
          sidebar: [{ label: 'Changelog', autogenerate: { directory: 'changelog' } }, ...links([{ type: 'all', base: 'internals/changelog' }])],
        }),
      ],
    });
  `;

  test("a property deep inside another object is not the config's own", () => {
    const config = readConfigLiterals(astro);
    expect(config.setting('base')).toBe('internals/changelog');
    expect(config.setting('base', { beside: ['integrations'] })).toBeUndefined();
  });

  test("the config's own property is found, written out or as shorthand, before or after its neighbour", () => {
    expect(readConfigLiterals(astro.replace("site: 'https://example.com',", "base: '/docs',")).setting('base', { beside: ['integrations'] })).toBe('/docs');
    expect(readConfigLiterals(`${astro.replace('],\n    });', "], trailingSlash: 'never' });")}`).setting('trailingSlash', { beside: ['integrations'] })).toBe('never');
    expect(readConfigLiterals(`const base = '/guide/';\n${astro.replace("site: 'https://example.com',", 'base,')}`).setting('base', { beside: ['integrations'] })).toBe('/guide/');
  });

  test("a locale's setting is not the site's, even when the site has none", () => {
    const vitepress = "export default defineConfig({ title: 'Site', locales: { root: { lang: 'en-US' }, zh: { lang: 'zh-CN' } } });";
    expect(readConfigLiterals(vitepress).setting('lang', { beside: ['title', 'locales'] })).toBeUndefined();
    expect(readConfigLiterals(vitepress.replace("title: 'Site',", "title: 'Site', lang: 'de',")).setting('lang', { beside: ['title', 'locales'] })).toBe('de');
  });

  test('without any neighbour in the file, the shallowest property counts', () => {
    expect(readConfigLiterals("export default { base: '/x/' };").setting('base', { beside: ['integrations'] })).toBe('/x/');
  });
});

describe('readConfigLiterals: a setting having certain keys', () => {
  const docusaurus = `
    export default {
      baseUrl: '/',
      presets: [['classic', ({ docs: { routeBasePath: '/', sidebarPath: require.resolve('./sidebars.js') }, blog: false })]],
      themeConfig: ({ docs: { sidebar: { hideable: true } } }),
    };
  `;

  test("the docs plugin's options, not the shallower themeConfig.docs", () => {
    const config = readConfigLiterals(docusaurus);
    expect(config.setting('docs')).toEqual({ sidebar: { hideable: true } });
    expect(config.setting('docs', { having: ['routeBasePath', 'sidebarPath'] })).toEqual({ routeBasePath: '/', sidebarPath: undefined });
  });

  test('the shallowest when no value has the keys', () => {
    expect(readConfigLiterals(docusaurus).setting('docs', { having: ['lastVersion'] })).toEqual({ sidebar: { hideable: true } });
  });
});

