import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isInsideFolder } from '../files/inside-folder';
import { includeBoundary, readFileInside } from './included-files';
import { ingestDocs } from './ingest-docs';

let folder: string;
const write = async (file: string, content: string) => {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
};
const textOf = async (docs: string) => (await ingestDocs({ docs })).pages.flatMap((page) => page.sections.map((section) => section.markdown)).join('\n');

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'docent-includes-'));
  await write(path.join(folder, 'secret.md'), 'SECRET from outside the project\n');
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('included files stay inside the project', () => {
  test('inside is by path segments, and symbolic links are followed before reading', async () => {
    expect(isInsideFolder('/site/docs', '/site/docs/a/b.md')).toBe(true);
    expect(isInsideFolder('/site/docs', '/site/docs_internal/b.md')).toBe(false);
    expect(isInsideFolder('/site/docs', '/site/docs/../secret.md')).toBe(false);
    const project = path.join(folder, 'linked');
    await write(path.join(project, 'inside.md'), 'inside\r\n');
    await symlink(path.join(folder, 'secret.md'), path.join(project, 'link.md'));
    expect(await readFileInside(project, path.join(project, 'inside.md'))).toBe('inside\r\n');
    expect(await readFileInside(project, path.join(project, 'link.md'))).toBeUndefined();
    expect(await readFileInside(project, path.join(folder, 'secret.md'))).toBeUndefined();
  });

  test('the boundary holds the docs and the config, widened to the repository when there is one', async () => {
    const site = path.join(folder, 'boundary');
    expect(includeBoundary(path.join(site, 'docs'), path.join(site, 'website', 'docusaurus.config.js'))).toBe(site);
    expect(includeBoundary(path.join(site, 'docs'), path.join(site, 'docs', '.vitepress', 'config.ts'))).toBe(path.join(site, 'docs'));
    await mkdir(path.join(site, '.git'), { recursive: true });
    expect(includeBoundary(path.join(site, 'docs'), path.join(site, 'docs', '.vitepress', 'config.ts'))).toBe(site);
  });

  test('VitePress: <!--@include--> and <<< read files inside the site, never outside it', async () => {
    const docs = path.join(folder, 'vitepress', 'docs');
    await write(path.join(docs, '.vitepress', 'config.ts'), 'export default { title: "Site" }\n');
    await write(path.join(docs, 'parts', 'intro.md'), 'Included intro.\n');
    await write(path.join(docs, 'snippets', 'app.ts'), 'export const app = 1\n');
    await write(
      path.join(docs, 'guide.md'),
      '# Guide\n\n<!--@include: ./parts/intro.md-->\n\n<!--@include: ../../secret.md-->\n\n## Code\n\n<<< @/snippets/app.ts\n\n<<< ../../secret.md\n',
    );
    const text = await textOf(docs);
    expect(text).toContain('Included intro.');
    expect(text).toContain('export const app = 1');
    expect(text).not.toContain('SECRET');
  });

  test('Docusaurus: an MDX partial is read from inside the project, never from outside it', async () => {
    const site = path.join(folder, 'docusaurus');
    await write(path.join(site, 'website', 'docusaurus.config.js'), 'module.exports = { presets: [["classic", { docs: { path: "../docs" } }]] };\n');
    await write(path.join(site, 'docs', '_partials', '_note.mdx'), 'A shared note.\n');
    await write(
      path.join(site, 'docs', 'intro.mdx'),
      "---\nid: intro\n---\n\nimport Note from './_partials/_note.mdx';\nimport Secret from '../../secret.md';\n\n# Intro\n\n<Note />\n\n<Secret />\n",
    );
    const text = await textOf(path.join(site, 'docs'));
    expect(text).toContain('A shared note.');
    expect(text).not.toContain('SECRET');
  });

  test('docs reached through a link from another repository include from where they really are, and still never from outside', async () => {
    const site = path.join(folder, 'real-site');
    await write(path.join(site, 'docusaurus.config.js'), 'module.exports = { presets: [["classic", { docs: {} }]] };\n');
    await write(path.join(site, 'docs', '_partials', '_note.mdx'), 'A shared note.\n');
    await write(
      path.join(site, 'docs', 'intro.mdx'),
      "---\nid: intro\n---\n\nimport Note from './_partials/_note.mdx';\nimport Secret from '../../secret.md';\n\n# Intro\n\n<Note />\n\n<Secret />\n",
    );
    const checkout = path.join(folder, 'checkout');
    await mkdir(path.join(checkout, '.git'), { recursive: true });
    await symlink(site, path.join(checkout, 'linked'));
    const text = await textOf(path.join(checkout, 'linked', 'docs'));
    expect(text).toContain('A shared note.');
    expect(text).not.toContain('SECRET');
  });
});
