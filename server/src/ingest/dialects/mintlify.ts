import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Root } from 'mdast';
import { mintlifyAnchors } from '../anchors';
import { dropNonContentHtml } from '../common-transforms';
import { localeFolders, localeOfPath, siteLocales } from '../locales';
import { parseMarkdown, plainText } from '../markdown-parser';
import { rewriteTree, takeCustomId } from '../mdast-edits';
import { flattenMdxWithImports, pageChain, type PartialChain } from '../mdx-imports';
import { FenceTracker } from '../line-scanner';
import { gitignoreMatcher } from '../path-glob';
import type { Dialect, DialectOptions } from './dialect';
import { joinUrlPath, normalizePrefix } from './dialect';
import { mdxCompatible } from './docusaurus';
import { folderPagePath } from './gfm';

/** Files Mintlify never publishes, whatever `.mintignore` says: its documented defaults (the hidden folders among them, `.git` and the like, ingestion skips anyway). */
const ignoredByDefault = gitignoreMatcher(['README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md', 'node_modules/', 'build/', 'dist/', 'coverage/', 'tmp/', 'temp/'].join('\n'));

// A page's front matter, and the fields in it that make the page an API reference page
// generated from an OpenAPI or AsyncAPI file (`api:` marks an endpoint written by hand in the page).
const frontMatterBlock = /^(?:\uFEFF)?---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;
const apiPageField = /^(?:openapi|asyncapi)[ \t]*:/m;

function isApiPage(source: string): boolean {
  const frontMatter = frontMatterBlock.exec(source)?.[1];
  return frontMatter !== undefined && apiPageField.test(frontMatter);
}

/**
 * Mintlify (`docs.json`, or the older `mint.json`, at the docs root), by the rules its
 * documentation states:
 * - Parsing: MDX for `.mdx` pages (Markdown for `.md`), `## Title {#custom-id}` taking its id,
 *   HTML comments read as MDX comments; components reduced to their content, steps, accordions,
 *   tabs and cards led by their title, `<ParamField>`/`<ResponseField>` as reference entries (see
 *   `standardComponents`); a snippet imported from the project (`import Setup from
 *   '/snippets/setup.mdx'`, or relative) replaced by its content, its `{word}` variables (in text
 *   and in code blocks) by the string props it is given (`<Setup word="bananas" />`).
 * - Pages: every `.md`/`.mdx` file but snippets (those under `snippets/`, and any another file
 *   imports), those
 *   `.mintignore` names (gitignore lines) and those Mintlify ignores by default (`README.md`,
 *   `LICENSE.md`, `CHANGELOG.md`, `CONTRIBUTING.md`, build output folders).
 * - Anchors: Mintlify's own slugs (see `mintlifySlug`), repeats on a page `-2`, `-3`, headings of
 *   snippets counting with the page's.
 * - URLs: the file path without extension, `index` as its folder's page (no trailing slash), under `pathPrefix`
 *   (default: the site root; a site served at `example.com/docs` sets `/docs`). Links rooted at
 *   the docs (`/quickstart`) point under the same prefix.
 * - Locales: top-level folders named by a locale code (`es/`, `zh/`), as `docs.json`'s
 *   `navigation.languages` lays them out.
 * - Notice: pages generated from an OpenAPI or AsyncAPI file (`openapi:` or `asyncapi:` front
 *   matter) get their reference from it when the site is built.
 */
export async function createMintlifyDialect(options: DialectOptions): Promise<Dialect> {
  const prefix = normalizePrefix(options.pathPrefix ?? '');
  const ignoreFile = await readFile(path.join(options.root, '.mintignore'), 'utf8').catch(() => '');
  const ignored = gitignoreMatcher(ignoreFile);
  const defaultLocale = options.settings.defaultLocale ?? 'en';
  const locales = siteLocales(defaultLocale, localeFolders(options.files), prefix);
  const snippetFiles = await importedFiles(options.root, options.files);
  // Mintlify resolves imports inside its project, the docs folder: never above it, where the
  // repository may hold files it does not publish.
  const boundary = options.root;
  // `/snippets/x.mdx` names a file from the docs root.
  const aliases: Record<string, string> = { '': options.root };
  const headings = { headingText: plainText, assignAnchors: mintlifyAnchors };

  const parseFile = async (source: string, file: string, dependencies: string[], chain: PartialChain): Promise<{ tree: Root; text: string }> => {
    const mdx = file.endsWith('.mdx');
    const text = mdx ? mdxCompatible(source) : source;
    const tree = parseMarkdown(text, { mdx });
    const parsePartial = async (partialSource: string, partialFile: string, partialChain: PartialChain) => (await parseFile(partialSource, partialFile, dependencies, partialChain)).tree;
    await flattenMdxWithImports(tree, { file, chain, boundary, aliases, headings, dependencies, parsePartial, snippets: true }, () => ({}));
    dropNonContentHtml(tree);
    rewriteTree(tree, (node) => {
      if (node.type === 'heading') takeCustomId(node);
      return undefined;
    });
    return { tree, text };
  };

  return {
    generator: 'mintlify',
    fingerprint: `mintlify:3:${boundary}:${ignoreFile}`,
    locales,
    defaultLocale: locales[0]?.code ?? 'en',
    isPage: (file) => !/^snippets\//.test(file.relativeFile) && !snippetFiles.has(file.relativeFile) && !ignoredByDefault(file.relativeFile) && !ignored(file.relativeFile),
    async parse(source, file) {
      const dependencies: string[] = [];
      const { tree, text } = await parseFile(source, file.sourceFile, dependencies, pageChain(file.sourceFile));
      return { tree, text, dependencies };
    },
    headingText: (heading) => plainText(heading),
    assignAnchors: mintlifyAnchors,
    // No trailing slash, for a folder's page too: `cli/index.mdx` is served at `/cli`.
    pagePath: (file) => joinUrlPath(prefix, folderPagePath(file.relativeFile)).replace(/(.)\/$/, '$1'),
    localeOf: (pagePath) => localeOfPath(pagePath, locales),
    buildTimePlugins: (source) => (isApiPage(source) ? ['an OpenAPI or AsyncAPI file'] : []),
    // `hidden: true` takes a page out of the navigation, Mintlify's search and its assistant's context.
    excludesFromSearch: (_file, frontMatter) => frontMatter.hidden === true,
  };
}

// An import of a Markdown file in an MDX page: `import Intro from './intro.mdx';`, `import { name } from "/snippets/x.mdx"`,
// over several lines too.
const markdownImport = /^import\s[^'"]*?from\s*['"]([^'"\n]+\.mdx?)['"]/gm;

/**
 * The files of the folder that a page or snippet imports (relative paths): Mintlify makes them
 * snippets, not pages. Imports are read from each `.mdx` file's `import` lines, rooted at the
 * docs folder (`/snippets/x.mdx`) or relative to the importing file.
 */
async function importedFiles(root: string, files: readonly string[]): Promise<Set<string>> {
  const known = new Set(files);
  const imported = new Set<string>();
  for (const file of files) {
    if (!file.endsWith('.mdx')) continue;
    const source = await readFile(path.join(root, file), 'utf8').catch(() => '');
    if (!source.includes('import')) continue;
    // Not from code examples, which show imports (Mintlify's own snippet guide does).
    for (const match of withoutFencedCode(source).matchAll(markdownImport)) {
      const target = match[1] as string;
      const relative = target.startsWith('/') ? path.posix.normalize(target.slice(1)) : path.posix.join(path.posix.dirname(file), target);
      if (known.has(relative)) imported.add(relative);
    }
  }
  return imported;
}

// A document with its fenced code blocks emptied (their lines kept, blank).
function withoutFencedCode(source: string): string {
  const fences = new FenceTracker();
  return source
    .split('\n')
    .map((line) => (fences.inCode(line.trimStart()) ? '' : line))
    .join('\n');
}
