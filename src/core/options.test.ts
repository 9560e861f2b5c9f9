import { describe, expect, it } from 'vitest';
import { defaultLabels } from './labels.js';
import { mergeOptions, optionsFromDataset, resolveOptions } from './options.js';

const page = { pageHref: 'https://docs.example.com/guide/setup?x=1' };
const required = { domain: 'acme', apiKey: 'svc_dsc_public' };

describe('resolveOptions', () => {
  it('fills every default from the two required options', () => {
    const { options, warnings, errors } = resolveOptions(required, page);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(options).toEqual({
      domain: 'acme',
      apiKey: 'svc_dsc_public',
      baseUrl: 'https://docs.example.com',
      userId: 'anonymous',
      retrievalPageSize: 5,
      filter: null,
      title: 'Ask AI',
      placeholder: defaultLabels.placeholder,
      suggestions: [],
      disclaimer: defaultLabels.disclaimer,
      theme: 'auto',
      themeSelector: null,
      accent: null,
      radius: null,
      font: null,
      zIndex: 2147483000,
      position: 'right',
      shortcut: 'mod+i',
      launcher: true,
      open: false,
      selection: true,
      codeBlocks: 'pre',
      labels: defaultLabels,
      styleNonce: null,
    });
  });

  it('parses the string forms of data-* attributes', () => {
    const dataset = {
      domain: 'acme',
      apiKey: 'svc_dsc_public',
      baseUrl: 'https://api.example.com/',
      userId: 'reader-7',
      retrievalPageSize: '8',
      filter: '{"version":"v2"}',
      title: 'Ask Acme',
      placeholder: 'Your question',
      suggestions: '["How do I install it?","How do I theme it?"]',
      disclaimer: 'false',
      theme: 'DARK',
      accent: '#7c3aed',
      radius: '8',
      font: 'Inter, sans-serif',
      zIndex: '50',
      position: 'left',
      shortcut: 'mod+k',
      launcher: 'false',
      open: '',
      selection: 'false',
      codeBlocks: 'pre.highlight',
      labels: '{"launcher":"Fragen","send":"Senden"}',
      styleNonce: 'abc123',
    };
    const { options, warnings, errors } = resolveOptions(optionsFromDataset(dataset), { ...page, source: 'script' });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(options).toMatchObject({
      baseUrl: 'https://api.example.com',
      userId: 'reader-7',
      retrievalPageSize: 8,
      filter: { version: 'v2' },
      title: 'Ask Acme',
      placeholder: 'Your question',
      suggestions: ['How do I install it?', 'How do I theme it?'],
      disclaimer: '',
      theme: 'dark',
      accent: '#7c3aed',
      radius: '8px',
      font: 'Inter, sans-serif',
      zIndex: 50,
      position: 'left',
      shortcut: 'mod+k',
      launcher: false,
      open: true,
      selection: false,
      codeBlocks: 'pre.highlight',
      styleNonce: 'abc123',
    });
    expect(options?.labels).toMatchObject({ launcher: 'Fragen', send: 'Senden', title: 'Ask Acme', placeholder: 'Your question' });
  });

  it('accepts typed JavaScript values', () => {
    const { options, warnings } = resolveOptions(
      { ...required, filter: { tag: 'api' }, suggestions: ['One?'], radius: 4, shortcut: false, codeBlocks: false, launcher: false },
      page,
    );
    expect(warnings).toEqual([]);
    expect(options).toMatchObject({ filter: { tag: 'api' }, suggestions: ['One?'], radius: '4px', shortcut: null, codeBlocks: null, launcher: false });
  });

  it('disables the shortcut and code-block buttons with the string "false"', () => {
    const { options } = resolveOptions({ ...required, shortcut: 'false', codeBlocks: 'false' }, { ...page, source: 'script' });
    expect(options).toMatchObject({ shortcut: null, codeBlocks: null });
  });

  it('resolves a relative base URL against the page', () => {
    const { options } = resolveOptions({ ...required, baseUrl: '/api/' }, page);
    expect(options?.baseUrl).toBe('https://docs.example.com/api');
  });

  describe('errors (the widget does not start)', () => {
    it('names the missing data-domain and how to add it', () => {
      const { options, errors } = resolveOptions({ apiKey: 'svc_dsc_x' }, { ...page, source: 'script' });
      expect(options).toBeNull();
      expect(errors).toEqual(['data-domain is required: add data-domain="your-domain" to the script tag']);
    });

    it('names the missing api key in each source’s own spelling', () => {
      expect(resolveOptions({ domain: 'acme' }, { ...page, source: 'script' }).errors[0]).toMatch(
        /^data-api-key is required: add data-api-key="svc_dsc_…" to the script tag/,
      );
      expect(resolveOptions({ domain: 'acme' }, { ...page, source: 'element' }).errors[0]).toMatch(
        /^api-key is required: add api-key="svc_dsc_…" to <docent-chat>/,
      );
      expect(resolveOptions({ domain: 'acme' }, page).errors[0]).toMatch(/^apiKey is required: pass \{ apiKey: 'svc_dsc_…' \}/);
    });

    it('reports both missing options at once', () => {
      expect(resolveOptions({}, page).errors).toHaveLength(2);
    });

    it('refuses an admin key and names the risk', () => {
      const { options, errors } = resolveOptions({ domain: 'acme', apiKey: 'svc_secret' }, { ...page, source: 'script' });
      expect(options).toBeNull();
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('data-api-key is an admin API key');
      expect(errors[0]).toContain('Admin keys are secret');
      expect(errors[0]).toContain('assistant API key (svc_dsc_…)');
    });

    it('accepts an assistant key of any prefix and a proxy’s own token', () => {
      expect(resolveOptions({ domain: 'acme', apiKey: 'acme_dsc_public' }, page).errors).toEqual([]);
      expect(resolveOptions({ domain: 'acme', apiKey: 'proxy-token-123' }, page).errors).toEqual([]);
    });

    it('needs a base URL where there is no page to take the origin from', () => {
      const { errors } = resolveOptions(required, {});
      expect(errors).toEqual([expect.stringMatching(/^baseUrl is required outside a web page/)]);
    });
  });

  describe('warnings (the default is used)', () => {
    const warn = (input: Record<string, unknown>) =>
      resolveOptions({ ...required, ...input }, { ...page, source: 'script' });

    it('names unknown options as written', () => {
      const { options, warnings } = warn({ colour: 'red', apiVersion: '2' });
      expect(options).not.toBeNull();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^unknown options data-colour, data-api-version ignored; known options: data-domain, data-api-key/);
    });

    it.each([
      ['retrievalPageSize', '0', 'retrievalPageSize', 5, /data-retrieval-page-size must be a whole number from 1 to 20, got "0"/],
      ['retrievalPageSize', '21', 'retrievalPageSize', 5, /from 1 to 20, got "21"/],
      ['retrievalPageSize', 'lots', 'retrievalPageSize', 5, /got "lots"/],
      ['filter', '{version: v2}', 'filter', null, /data-filter is not valid JSON/],
      ['filter', '[1,2]', 'filter', null, /data-filter must be a JSON object/],
      ['suggestions', 'How?', 'suggestions', [], /data-suggestions is not valid JSON/],
      ['suggestions', '[1,2]', 'suggestions', [], /data-suggestions must be a JSON array of strings/],
      ['theme', 'sepia', 'theme', 'auto', /data-theme must be one of "auto", "light", "dark", got "sepia"/],
      ['position', 'top', 'position', 'right', /data-position must be one of "right", "left"/],
      ['launcher', 'no', 'launcher', true, /data-launcher must be true or false, got "no"/],
      ['open', 'yes', 'open', false, /data-open must be true or false/],
      ['selection', '1', 'selection', true, /data-selection must be true or false/],
      ['shortcut', 'mod+', 'shortcut', 'mod+i', /data-shortcut must be a shortcut like "mod\+i"/],
      ['shortcut', 'hyper+i', 'shortcut', 'mod+i', /data-shortcut must be a shortcut/],
      ['zIndex', 'top', 'zIndex', 2147483000, /data-z-index must be a whole number/],
      ['accent', 'red; background: url(x)', 'accent', null, /data-accent is not a valid CSS color value/],
      ['radius', '4px}', 'radius', null, /data-radius is not a valid CSS border-radius value/],
      ['baseUrl', 'ftp://files.example.com', 'baseUrl', 'https://docs.example.com', /data-base-url must be an http\(s\) URL/],
      ['title', '   ', 'title', 'Ask AI', /data-title must be a non-empty string/],
    ])('%s=%j warns and falls back', (name, value, key, fallback, message) => {
      const { options, warnings, errors } = warn({ [name]: value });
      expect(errors).toEqual([]);
      expect(warnings).toEqual([expect.stringMatching(message)]);
      expect(warnings[0]).toMatch(/; using the default$/);
      expect(options?.[key as keyof typeof options]).toEqual(fallback);
    });

    it('keeps the first 4 suggestions', () => {
      const { options, warnings } = warn({ suggestions: JSON.stringify(['a', 'b', 'c', 'd', 'e']) });
      expect(options?.suggestions).toEqual(['a', 'b', 'c', 'd']);
      expect(warnings).toEqual(['data-suggestions has 5 entries; only the first 4 are shown']);
    });

    it('keeps valid labels and names the bad ones', () => {
      const { options, warnings } = warn({ labels: { launcher: 'Fragen', lancher: 'x', send: 3 } });
      expect(options?.labels.launcher).toBe('Fragen');
      expect(options?.labels.send).toBe('Send');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^data-labels: "lancher" is not a label, "send" must be a string; known labels: launcher, title/);
    });

    it('reports several bad values, one warning each', () => {
      const { warnings } = warn({ theme: 'x', position: 'y', nope: 1 });
      expect(warnings).toHaveLength(3);
    });
  });
});

describe('optionsFromDataset', () => {
  it('turns kebab-case attribute names into option names and keeps values as strings', () => {
    expect(optionsFromDataset({ 'api-key': 'k', 'retrieval-page-size': '3', domain: 'd', codeBlocks: 'pre', empty: undefined })).toEqual({
      apiKey: 'k',
      retrievalPageSize: '3',
      domain: 'd',
      codeBlocks: 'pre',
    });
  });
});

describe('mergeOptions', () => {
  it('lets later values win, merges labels and ignores undefined', () => {
    const merged = mergeOptions(
      { domain: 'a', theme: 'dark', labels: { launcher: 'A', send: 'S' } },
      { theme: 'light', labels: { launcher: 'B' }, domain: undefined },
    );
    expect(merged).toEqual({ domain: 'a', theme: 'light', labels: { launcher: 'B', send: 'S' } });
  });

  it('merges JSON labels from data-* with object labels from update()', () => {
    const merged = mergeOptions({ labels: '{"send":"Senden"}' }, { labels: { launcher: 'Fragen' } });
    expect(merged.labels).toEqual({ send: 'Senden', launcher: 'Fragen' });
  });
});
