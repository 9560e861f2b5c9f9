import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DocsFolderError, loadDocPages, pagePathForFile } from './docs-folder';

let folder: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'docent-docs-'));
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function write(relativeFile: string, content: string): Promise<void> {
  const file = path.join(folder, relativeFile);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

describe('loadDocPages', () => {
  test('maps files to URL paths: index to its folder, sub-folders kept, .md and .mdx both read', async () => {
    await write('index.md', '# Home\n');
    await write('getting-started.md', '# Getting started\n');
    await write('guides/index.mdx', '# Guides\n');
    await write('guides/theming.md', '# Theming\n');
    await write('notes.txt', 'not a page');

    const pages = await loadDocPages(folder);

    expect(pages.map((page) => page.path)).toEqual(['/docs/', '/docs/getting-started', '/docs/guides/', '/docs/guides/theming']);
    expect(pages[3]?.sourceFile).toBe(path.join(folder, 'guides/theming.md'));
  });

  test('serves under another prefix, or from the root', async () => {
    await write('index.md', '# Home\n');
    await write('api/keys.md', '# Keys\n');

    expect((await loadDocPages(folder, { pathPrefix: '/guide/' })).map((page) => page.path)).toEqual(['/guide/', '/guide/api/keys']);
    expect((await loadDocPages(folder, { pathPrefix: '' })).map((page) => page.path)).toEqual(['/', '/api/keys']);
    expect(pagePathForFile('reference/index.md', 'docs')).toBe('/docs/reference/');
  });

  test('reads the front matter fields and returns the body without it', async () => {
    await write(
      'theming.md',
      '---\ntitle: Theming and colours\ndescription: Make it yours.\nversion: 2\nlanguage: en\ngroups: [admins, beta]\n---\n\n# Theming\n\nBody text.\n',
    );

    const [page] = await loadDocPages(folder);

    expect(page).toEqual({
      path: '/docs/theming',
      sourceFile: path.join(folder, 'theming.md'),
      title: 'Theming and colours',
      description: 'Make it yours.',
      version: '2',
      language: 'en',
      groups: ['admins', 'beta'],
      markdown: '# Theming\n\nBody text.\n',
    });
  });

  test('takes a single group as a one-item list, and no groups as an empty list', async () => {
    await write('a.md', '---\ngroups: admins\n---\ntext\n');
    await write('b.md', 'text\n');

    const pages = await loadDocPages(folder);

    expect(pages.map((page) => page.groups)).toEqual([['admins'], []]);
  });

  test('falls back to the first # heading outside code, then to the file name', async () => {
    await write('from-heading.md', '```md\n# Not the title\n```\n\nIntro.\n\n## Second level\n\n# The `real` title\n');
    await write('from-file-name.md', 'Just text.\n');
    await write('guides/index.md', 'Guide index.\n');

    const pages = await loadDocPages(folder);

    expect(Object.fromEntries(pages.map((page) => [page.path, page.title]))).toEqual({
      '/docs/from-file-name': 'From file name',
      '/docs/from-heading': 'The real title',
      '/docs/guides/': 'Guides',
    });
  });

  test('skips hidden folders and node_modules', async () => {
    await write('.drafts/secret.md', '# Draft\n');
    await write('node_modules/pkg/readme.md', '# Readme\n');
    await write('visible.md', '# Visible\n');

    expect((await loadDocPages(folder)).map((page) => page.path)).toEqual(['/docs/visible']);
  });

  test('a front matter that is not YAML names the file and says what to fix', async () => {
    await write('broken.md', '---\ntitle: [unclosed\n---\nBody\n');

    const error = await loadDocPages(folder).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(DocsFolderError);
    expect((error as Error).message).toContain(path.join(folder, 'broken.md'));
    expect((error as Error).message).toMatch(/front matter is not valid YAML/);
  });

  test('a field of the wrong type names the file and the field', async () => {
    await write('wrong.md', '---\ntitle:\n  nested: true\n---\nBody\n');
    await write('groups.md', '---\ngroups:\n  - name: admins\n---\nBody\n');

    await expect(loadDocPages(folder)).rejects.toThrow(/(wrong|groups)\.md: front matter "(title|groups)" must be/);
    await rm(path.join(folder, 'wrong.md'));
    await expect(loadDocPages(folder)).rejects.toThrow(`${path.join(folder, 'groups.md')}: front matter "groups" must be a string or a list of strings, but it holds an object`);
  });

  test('refuses JavaScript front matter instead of running it', async () => {
    await write('script.md', '---js\n{ title: (globalThis.ranFrontMatter = true, "x") }\n---\nBody\n');

    await expect(loadDocPages(folder)).rejects.toThrow(/script\.md: .*JavaScript front matter/);
    expect((globalThis as { ranFrontMatter?: boolean }).ranFrontMatter).toBeUndefined();
  });

  test('a missing folder says which folder', async () => {
    await expect(loadDocPages(path.join(folder, 'nope'))).rejects.toThrow(/nope: the docs folder does not exist/);
  });
});
