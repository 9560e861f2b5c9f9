import { describe, expect, test } from 'vitest';
import { parseConfig } from '../config';
import { DocsIndex } from '../retrieval/docs-index';
import { startupSummary } from './startup-summary';

const config = parseConfig(
  { organizations: [{ id: 'acme', domains: [{ id: 'docs', docs: 'site-docs', assistantKeys: ['svc_dsc_acme'] }] }], publicUrl: 'https://ask.acme.dev' },
  { environment: {} },
);

function runningWith(index: DocsIndex): Parameters<typeof startupSummary>[0] {
  return {
    url: 'http://127.0.0.1:4173',
    config,
    indexes: new Map([['docs', index]]),
    modelDescription: 'embedded extractive model',
    searchDescription: 'lexical',
  };
}

describe('startupSummary', () => {
  test("names each domain's notices under its endpoint, one line each", () => {
    const index = DocsIndex.fromDocs({
      generator: 'mkdocs',
      pages: [],
      locales: [{ code: 'en', pathPrefix: '' }],
      notices: [
        {
          message: '5 pages get part of their content from mkdocstrings when the site is built, and the sources do not hold it',
          pages: ['/reference/a/', '/reference/b/', '/reference/c/', '/reference/d/', '/reference/e/'],
          remedy: 'to answer from it, point `docs` at the built site',
        },
      ],
    });
    const lines = startupSummary(runningWith(index), '/var/docent', []);
    const endpoint = lines.indexOf('    POST http://127.0.0.1:4173/discovery/v2/assistant/docs/message');
    expect(endpoint).toBeGreaterThan(0);
    expect(lines[endpoint + 1]).toBe(
      '    note: 5 pages get part of their content from mkdocstrings when the site is built, and the sources do not hold it ' +
        '(/reference/a/, /reference/b/, /reference/c/ and 2 more); to answer from it, point `docs` at the built site.',
    );
    expect(lines[endpoint + 2]).not.toMatch(/^ {4}note:/);
  });

  test('prints no note for docs read whole', () => {
    const index = DocsIndex.fromDocs({ generator: 'gfm', pages: [], locales: [] });
    expect(startupSummary(runningWith(index), '/var/docent', []).some((line) => line.includes('note:'))).toBe(false);
  });
});
