import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { tsconfigAliases, withoutJsoncExtras } from './tsconfig-aliases';

describe('tsconfigAliases', () => {
  let folder: string | undefined;
  afterEach(async () => {
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
    folder = undefined;
  });
  async function withTsconfig(source: string): Promise<string> {
    folder = await mkdtemp(path.join(tmpdir(), 'docent-tsconfig-'));
    await writeFile(path.join(folder, 'tsconfig.json'), source);
    return folder;
  }

  test('wildcard paths as folders, from baseUrl, in a tsconfig with comments and trailing commas', async () => {
    const site = await withTsconfig(
      [
        '{',
        '  // Astro reads these through Vite',
        '  "compilerOptions": {',
        '    "baseUrl": "./src", /* the source folder */',
        '    "paths": { "@/*": ["./*"], "~components/*": ["components/*", "other/*"], "exact": ["lib/exact.ts"], },',
        '  },',
        '}',
      ].join('\n'),
    );
    expect(await tsconfigAliases(site)).toEqual({ '@': path.join(site, 'src'), '~components': path.join(site, 'src', 'components') });
  });

  test('paths without baseUrl are relative to the tsconfig; no file or no paths gives none', async () => {
    const site = await withTsconfig('{ "compilerOptions": { "paths": { "@/*": ["src/*"] } } }');
    expect(await tsconfigAliases(site)).toEqual({ '@': path.join(site, 'src') });
    expect(await tsconfigAliases(path.join(site, 'missing'))).toEqual({});
    expect(await tsconfigAliases(await withTsconfig('{ "extends": "astro/tsconfigs/strict" }'))).toEqual({});
    expect(await tsconfigAliases(await withTsconfig('{ not json'))).toEqual({});
  });
});

describe('withoutJsoncExtras', () => {
  test('keeps strings that look like comments or hold escaped quotes', () => {
    const source = '{ "url": "https://x//y/*z*/", "quote": "a\\"b,}", "list": [1, 2, ], }';
    expect(JSON.parse(withoutJsoncExtras(source))).toEqual({ url: 'https://x//y/*z*/', quote: 'a"b,}', list: [1, 2] });
  });
});
