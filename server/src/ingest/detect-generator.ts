import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocsGenerator } from './ingested-docs';
import type { DocsFolderFiles } from './page-files';
import { mentionsMyst } from './dialects/sphinx-config';

/** The generator a docs folder was written for, and the config file that says so. */
export interface DetectedGenerator {
  generator: DocsGenerator;
  /** Absolute path of the generator's config file, when one was found. */
  configFile?: string;
}

const scriptExtensions = ['ts', 'mts', 'js', 'mjs', 'cjs', 'cts'];

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** `folder` and its parents, `levels` of them. */
function folderAndParents(folder: string, levels: number): string[] {
  const folders = [folder];
  for (let level = 0; level < levels; level++) {
    const parent = path.dirname(folders.at(-1) as string);
    if (parent === folders.at(-1)) break;
    folders.push(parent);
  }
  return folders;
}

async function firstExisting(candidates: readonly string[]): Promise<string | undefined> {
  for (const candidate of candidates) if (await exists(candidate)) return candidate;
  return undefined;
}

/**
 * Detects the generator from its config file near the docs folder, nearest first within each
 * generator, in this order:
 * - VitePress: `.vitepress/config.*` (or `.vitepress/config/index.*`) in the folder or up to 2
 *   parents (`docs/en` has it in `docs`);
 * - Docusaurus: `docusaurus.config.*` in the folder or up to 2 parents, or in a `website/`
 *   folder beside the docs (Prettier's layout: `docs/` and `website/docusaurus.config.js`);
 * - MkDocs: `mkdocs.yml` (or `.yaml`) beside the docs folder (its parent) or in it;
 * - Starlight: `astro.config.*` in the folder or up to 3 parents (`src/content/docs`), when it
 *   uses Starlight;
 * - Mintlify: `mint.json`, or a `docs.json` that is Mintlify's (its `$schema` names Mintlify, or
 *   it has Mintlify's `navigation` and `theme`), in the folder;
 * - GitBook: `.gitbook.yaml` in the folder or its parent, or a `.gitbook/` folder beside a `SUMMARY.md`;
 * - mdBook: `book.toml` in the folder (the book's root) or its parent (the folder is its `src`);
 * - Jekyll: `_config.yml` (`.yaml`, `.toml`) in the folder or its parent, not beside a `_toc.yml`
 *   (Jupyter Book) or a `scaffolds/` folder (Hexo);
 * - Hugo: `hugo.*` in the folder or up to 2 parents, or `config.*` (or `config/_default/`) of a
 *   site whose `content` folder holds the docs folder (see `hugoConfig`);
 * - Sphinx: `conf.py` in the folder or its parent, or reStructuredText pages and no Markdown;
 * - otherwise a folder with HTML pages and no Markdown is a built site (`html`), and anything
 *   else plain GFM.
 */
export async function detectGenerator(root: string, files: DocsFolderFiles): Promise<DetectedGenerator> {
  const near = (levels: number, names: (folder: string) => string[]) => folderAndParents(root, levels).flatMap(names);

  // `.vitepress/config.ts`, or a config folder with its entry in `.vitepress/config/index.ts` (Pinia's layout).
  const vitepressConfigs = (folder: string) =>
    scriptExtensions.flatMap((extension) => [path.join(folder, '.vitepress', `config.${extension}`), path.join(folder, '.vitepress', 'config', `index.${extension}`)]);
  const vitepress = await firstExisting(near(2, vitepressConfigs));
  if (vitepress !== undefined) return { generator: 'vitepress', configFile: vitepress };

  const docusaurusNames = (folder: string) => scriptExtensions.map((extension) => path.join(folder, `docusaurus.config.${extension}`));
  const docusaurus = await firstExisting([
    ...near(2, docusaurusNames),
    ...folderAndParents(root, 2)
      .slice(1)
      .flatMap((parent) => docusaurusNames(path.join(parent, 'website'))),
  ]);
  if (docusaurus !== undefined) return { generator: 'docusaurus', configFile: docusaurus };

  const mkdocs = await firstExisting([path.dirname(root), root].flatMap((folder) => ['mkdocs.yml', 'mkdocs.yaml'].map((name) => path.join(folder, name))));
  if (mkdocs !== undefined) return { generator: 'mkdocs', configFile: mkdocs };

  for (const candidate of near(3, (folder) => scriptExtensions.map((extension) => path.join(folder, `astro.config.${extension}`)))) {
    if (!(await exists(candidate))) continue;
    const source = await readFile(candidate, 'utf8');
    if (source.includes('starlight')) return { generator: 'starlight', configFile: candidate };
  }

  const mintlify = await mintlifyConfig(root);
  if (mintlify !== undefined) return { generator: 'mintlify', configFile: mintlify };

  // GitBook (Git Sync): `.gitbook.yaml` in the folder or its parent, or a `.gitbook/` folder (its
  // reusable content and assets) beside a `SUMMARY.md`.
  const gitbook = await firstExisting([root, path.dirname(root)].map((folder) => path.join(folder, '.gitbook.yaml')));
  if (gitbook !== undefined) return { generator: 'gitbook', configFile: gitbook };
  if ((await exists(path.join(root, '.gitbook'))) && (await exists(path.join(root, 'SUMMARY.md')))) return { generator: 'gitbook' };

  // mdBook: `book.toml` at the book's root, the folder itself or its parent (`docs` pointing at `src`).
  const mdbook = await firstExisting([root, path.dirname(root)].map((folder) => path.join(folder, 'book.toml')));
  if (mdbook !== undefined) return { generator: 'mdbook', configFile: mdbook };

  // Jekyll: `_config.yml` (`.yaml`, `.toml`) in the folder (the site's source) or its parent;
  // not Jupyter Book's (beside a `_toc.yml`) nor Hexo's (beside `scaffolds/`), which share the name.
  for (const folder of [root, path.dirname(root)]) {
    const jekyll = await firstExisting(['_config.yml', '_config.yaml', '_config.toml'].map((name) => path.join(folder, name)));
    if (jekyll !== undefined && !(await exists(path.join(folder, '_toc.yml'))) && !(await exists(path.join(folder, 'scaffolds')))) return { generator: 'jekyll', configFile: jekyll };
  }

  const hugo = await hugoConfig(root);
  if (hugo !== undefined) return { generator: 'hugo', configFile: hugo };

  // Sphinx: `conf.py` in the folder (its source folder) or its parent (the docs folder is a part
  // of the source); a folder of reStructuredText without one is read as Sphinx with its defaults.
  // Only when the folder holds what Sphinx reads: a `conf.py` beside Markdown that is not MyST is
  // some other tool's (a Python project's docs folder of plain Markdown under its package).
  const sphinx = await firstExisting([root, path.dirname(root)].map((folder) => path.join(folder, 'conf.py')));
  if (sphinx !== undefined && (files.restructuredText.length > 0 || (files.markdown.length > 0 && mentionsMyst(await readFile(sphinx, 'utf8').catch(() => ''))))) {
    return { generator: 'sphinx', configFile: sphinx };
  }
  if (files.restructuredText.length > 0 && files.markdown.length === 0) return { generator: 'sphinx' };

  if (files.markdown.length === 0 && files.html.length > 0) return { generator: 'html' };
  return { generator: 'gfm' };
}

/**
 * A Hugo site's config for a docs folder that is the site, its content folder or a folder in it
 * (`content/en`): `hugo.toml` (`.yaml`, `.yml`, `.json`) in the folder or up to 2 parents, or a
 * `config.*` file or `config/_default/` folder there when that folder also holds the `content`
 * folder the docs are in (other tools name their config `config.yaml` too).
 */
async function hugoConfig(root: string): Promise<string | undefined> {
  for (const folder of folderAndParents(root, 2)) {
    const named = await firstExisting(['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json'].map((name) => path.join(folder, name)));
    if (named !== undefined) return named;
    const content = path.join(folder, 'content');
    const inContent = root === folder ? await exists(content) : !path.relative(content, root).startsWith('..');
    if (!inContent) continue;
    const legacy = await firstExisting([...['config.toml', 'config.yaml', 'config.yml', 'config.json'].map((name) => path.join(folder, name)), path.join(folder, 'config', '_default')]);
    if (legacy !== undefined) return legacy;
  }
  return undefined;
}

/** The Mintlify config at the docs root: `mint.json`, or a `docs.json` that is Mintlify's (other tools use that name too). */
async function mintlifyConfig(root: string): Promise<string | undefined> {
  const legacy = path.join(root, 'mint.json');
  if (await exists(legacy)) return legacy;
  const config = path.join(root, 'docs.json');
  const source = await readFile(config, 'utf8').catch(() => undefined);
  if (source === undefined) return undefined;
  try {
    // A byte order mark (Windows editors write one) is not JSON.
    const parsed = JSON.parse(source.replace(/^\uFEFF/, '')) as { $schema?: unknown; navigation?: unknown; theme?: unknown };
    const mintlifySchema = typeof parsed.$schema === 'string' && parsed.$schema.includes('mintlify');
    return mintlifySchema || (typeof parsed.navigation === 'object' && typeof parsed.theme === 'string') ? config : undefined;
  } catch {
    return undefined;
  }
}
