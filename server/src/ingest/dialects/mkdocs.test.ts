import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { pageAt } from '../testing/page-at';
import { mkdocsBlocksToDirectives } from './mkdocs-blocks';

const fixture = path.join(import.meta.dirname, '../fixtures/mkdocs/docs');
let docs: IngestedDocs;

beforeAll(async () => {
  docs = await ingestDocs({ docs: fixture });
});

const page = (pagePath: string) => pageAt(docs, pagePath);

describe('MkDocs dialect', () => {
  test('is detected from mkdocs.yml (custom !ENV and !!python tags tolerated); site_url gives the prefix', () => {
    expect(docs.generator).toBe('mkdocs');
    expect(docs.locales).toEqual([{ code: 'en', pathPrefix: '/project' }]);
  });

  test('directory URLs, index.md as the folder page, a README beside an index is not a page', () => {
    expect(docs.pages.map((candidate) => candidate.path)).toEqual(['/project/', '/project/reference/', '/project/setup/colors/']);
  });

  test('anchors: attr_list ids, Python-Markdown slugs (ASCII-folded, icons left out), _1 for repeats', () => {
    expect(page('/project/setup/colors/').sections.map((section) => [section.anchor, section.heading])).toEqual([
      ['changing-the-colors', 'Changing the colors'],
      ['color-palette', 'Color palette'],
      ['color-palette_1', 'Color palette'],
      ['custom', 'Custom colors'],
      ['uberprufen', 'Überprüfen'],
      ['grun', 'Grün'],
    ]);
  });

  test('admonitions and tabs keep their indented content (titles and labels in bold); comments dropped', () => {
    expect(page('/project/setup/colors/').sections[1]?.markdown).toBe(
      '**Pick a contrast**\n\nDark text on light backgrounds reads best.\n\n``` yaml\ntheme:\n  palette: default\n```\n\nCollapsed by default.\n\n**Light**\n\nUse `default`.\n\n**Dark**\n\nUse `slate`.',
    );
  });

  test('snippets are included from beside mkdocs.yml; an escaped marker stays as text; definitions go where they are used', () => {
    const sections = page('/project/setup/colors/').sections;
    expect(sections[3]?.markdown).toBe('Python 3.8 or later is required.\n\n--8<-- "not/included.md"');
    expect(sections[0]?.markdown).toContain('[config]: ../reference/index.md');
  });
});

describe('mkdocsBlocksToDirectives', () => {
  test('nested blocks get longer fences; fenced code is left alone', () => {
    const source = '!!! note "Outer"\n    Text.\n\n    === "Tab"\n\n        Inner.\n\n```md\n!!! tip\n    not a block\n```';
    expect(mkdocsBlocksToDirectives(source)).toBe(
      '\n::::note[Outer]\nText.\n\n\n:::tab[Tab]\n\nInner.\n:::\n\n::::\n\n\n```md\n!!! tip\n    not a block\n```',
    );
  });
});
