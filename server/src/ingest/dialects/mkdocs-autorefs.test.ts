import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ingestDocs } from '../ingest-docs';
import { autorefsAsText } from './mkdocs-autorefs';

describe('autorefsAsText', () => {
  test('references the page does not define read as their text, code and all', () => {
    expect(autorefsAsText('Use [`BaseModel`][pydantic.BaseModel] or see [the config][] and [Page title][mkdocs.structure.pages.Page.title].')).toBe(
      'Use `BaseModel` or see the config and Page title.',
    );
  });

  test('references the page defines (any case), images, brackets in code spans and fenced code stay', () => {
    const source = ['See [the guide][Guide] and `[a][b]`, ![Logo][logo-image].', '', '```md', '[x][y]', '```', '', '[guide]: ./guide.md'].join('\n');
    expect(autorefsAsText(source)).toBe(source);
  });

  test('link text with brackets of its own ([`list[int]`][typing.List])', () => {
    expect(autorefsAsText('A [`list[int]`][typing.List] field.')).toBe('A `list[int]` field.');
  });
});

describe('MkDocs with mkdocs-autorefs', () => {
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });

  async function sectionsWith(config: string): Promise<string[]> {
    const site = await mkdtemp(path.join(tmpdir(), 'docent-autorefs-'));
    folders.push(site);
    await mkdir(path.join(site, 'docs'));
    await writeFile(path.join(site, 'mkdocs.yml'), config);
    await writeFile(path.join(site, 'docs', 'models.md'), '## Models\n\n!!! note "API"\n    [`pydantic.BaseModel`][pydantic.BaseModel]\n\nSubclass [`BaseModel`][pydantic.BaseModel].\n');
    const docs = await ingestDocs({ docs: path.join(site, 'docs') });
    return docs.pages[0]?.sections.map((section) => section.markdown) ?? [];
  }

  test('with mkdocstrings (which brings autorefs), even inside an admonition, an API reference reads as its text', async () => {
    expect(await sectionsWith('site_name: S\nplugins:\n  - mkdocstrings\nmarkdown_extensions:\n  - admonition\n')).toEqual(['**API**\n\n`pydantic.BaseModel`\n\nSubclass `BaseModel`.']);
  });

  test('without it, the page is read as written', async () => {
    const [markdown] = await sectionsWith('site_name: S\nmarkdown_extensions:\n  - admonition\n');
    expect(markdown).toContain('[`BaseModel`][pydantic.BaseModel]');
  });
});
