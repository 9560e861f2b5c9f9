import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Heading, Nodes } from 'mdast';
import { parse as parseYaml } from 'yaml';
import { githubAnchors } from '../anchors';
import { dropNonContentHtml, flattenAlerts, githubAlerts } from '../common-transforms';
import { includeBoundary, includedCharactersPerPage } from '../included-files';
import { normalizeLocale } from '../locales';
import { parseMarkdown, plainText } from '../markdown-parser';
import { markChanged, rewriteTree, setCustomId } from '../mdast-edits';
import { FenceTracker } from '../line-scanner';
import { DocsFolderError } from '../page-files';
import { summaryChapters } from './book-summary';
import type { Dialect, DialectOptions, PageFile } from './dialect';
import { joinUrlPath, normalizePrefix, pathInside } from './dialect';
import { expandGitbookIncludes, gitbookBlocksAsMarkdown } from './gitbook-blocks';

/** What the dialect reads from `.gitbook.yaml` (GitBook's Git Sync configuration). */
export interface GitbookConfig {
  /** The folder the content lives in, absolute (`root`, relative to the config's folder), when set. */
  root?: string;
  /** The first page, served at the space's root URL, relative to `root` (`structure.readme`, default `README.md`). */
  readme: string;
  /** The table of contents, relative to `root` (`structure.summary`, default `SUMMARY.md`). */
  summary: string;
}

/**
 * Reads a `.gitbook.yaml`; an empty one (a site-level file of another shape) gives the defaults.
 *
 * @throws DocsFolderError when it is not valid YAML
 */
export async function readGitbookConfig(configFile: string): Promise<GitbookConfig> {
  let document: unknown;
  try {
    document = parseYaml(await readFile(configFile, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new DocsFolderError(configFile, `not valid YAML (${reason}): fix it so that GitBook's Git Sync accepts it.`);
  }
  const fields = typeof document === 'object' && document !== null ? (document as Record<string, unknown>) : {};
  const structure = typeof fields.structure === 'object' && fields.structure !== null ? (fields.structure as Record<string, unknown>) : {};
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback);
  const config: GitbookConfig = { readme: normalizeRelative(text(structure.readme, 'README.md')), summary: normalizeRelative(text(structure.summary, 'SUMMARY.md')) };
  if (typeof fields.root === 'string' && fields.root.trim() !== '') config.root = path.resolve(path.dirname(configFile), fields.root.trim());
  return config;
}

function normalizeRelative(file: string): string {
  return path.posix.normalize(file.replace(/\\/g, '/')).replace(/^\.\//, '');
}

/**
 * GitBook spaces synced from Git, by GitBook's Git Sync rules:
 * - Pages: the files the space's `SUMMARY.md` links to (`structure.summary` of `.gitbook.yaml`),
 *   in the content folder (its `root`, else the docs folder); without a summary, every Markdown
 *   file. The summary itself and files under `.gitbook/` (reusable content, assets) are not pages.
 * - URLs: a page's path without `.md` and without a trailing slash (`getting-started/setup.md` →
 *   `/getting-started/setup`); a folder's `README.md` is the folder's page (`/getting-started`),
 *   and the first page (`structure.readme`, `README.md`) the space's root, under `pathPrefix`.
 * - Text: `{% include "…" %}` reusable content resolved; the block tags (`{% hint %}`,
 *   `{% tabs %}`/`{% tab title %}`, `{% code title %}`, `{% stepper %}`, `{% embed %}`,
 *   `{% content-ref %}`, `{% columns %}`, `{% if %}`, `{% updates %}`…) read as the Markdown they
 *   hold (see `gitbookBlocksAsMarkdown`); GitHub alerts as their content.
 * - Pages whose `{% openapi %}` (or `{% swagger %}`) blocks GitBook fills in from a spec when it
 *   renders them are named in a start-up notice: that reference is not in the sources.
 * - Anchors: the id GitBook writes into a heading it exported (`## Setup <a href="#setup"
 *   id="setup"></a>`) as written; other headings by GitHub's rules.
 */
export async function createGitbookDialect(options: DialectOptions): Promise<Dialect> {
  const config: GitbookConfig = options.configFile === undefined ? { readme: 'README.md', summary: 'SUMMARY.md' } : await readGitbookConfig(options.configFile);
  // Without `root`, the docs folder is the space's content (a site-level `.gitbook.yaml` above
  // several spaces names none).
  const contentRoot = config.root ?? options.root;
  const prefix = normalizePrefix(options.pathPrefix ?? '');
  const boundary = includeBoundary(options.root, options.configFile);
  const relativeOf = (file: PageFile): string => pathInside(contentRoot, file) ?? file.relativeFile;
  const summary = await readFile(path.join(contentRoot, config.summary), 'utf8').catch(() => undefined);
  const chapters = summary === undefined ? undefined : new Set(summaryChapters(summary).map((chapter) => chapter.file));
  const language = normalizeLocale(options.settings.defaultLocale ?? 'en');

  return {
    generator: 'gitbook',
    fingerprint: `gitbook:1:${contentRoot}:${config.readme}:${boundary}:${[...(chapters ?? [])].join('|')}`,
    locales: [{ code: language, pathPrefix: prefix }],
    defaultLocale: language,
    isPage: (file) => {
      const relative = pathInside(contentRoot, file);
      if (relative === undefined || relative === config.summary || relative.startsWith('.gitbook/')) return false;
      return chapters === undefined || chapters.has(relative) || relative === config.readme;
    },
    async parse(source, file) {
      const dependencies: string[] = [];
      const included = await expandGitbookIncludes(source, file.sourceFile, { boundary, dependencies, budget: { characters: includedCharactersPerPage } });
      const text = gitbookBlocksAsMarkdown(included);
      const tree = parseMarkdown(text);
      flattenAlerts(tree, githubAlerts);
      rewriteTree(tree, (node) => {
        if (node.type === 'heading') takeExportedAnchor(node);
        return undefined;
      });
      dropNonContentHtml(tree);
      return { tree, text, dependencies };
    },
    // An OpenAPI block is filled in from a spec when GitBook renders the page.
    buildTimePlugins: (source) => (hasOpenApiBlock(source) ? ['an OpenAPI spec'] : []),
    headingText: (heading) => plainText(heading),
    assignAnchors: githubAnchors,
    pagePath: (file) => joinUrlPath(prefix, gitbookPagePath(relativeOf(file), config.readme)),
    localeOf: () => language,
  };
}

// Whether the page has an OpenAPI block, outside the code that only shows one.
function hasOpenApiBlock(source: string): boolean {
  const fences = new FenceTracker();
  return source.split('\n').some((line) => !fences.inCode(line.trimStart()) && /\{%\s*(?:openapi|swagger)\b/.test(line.replace(/`[^`]*`/g, '')));
}

/** `guides/setup.md` → `guides/setup`; `guides/README.md` → `guides`; the first page → `` (the root). */
export function gitbookPagePath(relative: string, readme = 'README.md'): string {
  if (relative === readme) return '';
  const withoutExtension = relative.replace(/\.md$/i, '');
  return /(?:^|\/)readme$/i.test(withoutExtension) ? withoutExtension.replace(/\/?readme$/i, '') : withoutExtension;
}

// `<a href="#setup" id="setup"></a>`, as GitBook writes a heading's anchor when it exports a page.
const exportedAnchor = /<a\b[^>]*\bid\s*=\s*"([^"]+)"[^>]*>/i;

function takeExportedAnchor(heading: Heading): void {
  let id: string | undefined;
  const kept = heading.children.filter((child: Nodes) => {
    if (child.type !== 'html') return true;
    const found = exportedAnchor.exec(child.value)?.[1];
    if (found !== undefined) id ??= found;
    return found === undefined && !/^<\/a>$/i.test(child.value.trim());
  });
  if (id === undefined) return;
  heading.children = kept as Heading['children'];
  const last = heading.children.at(-1);
  if (last?.type === 'text') last.value = last.value.trimEnd();
  setCustomId(heading, id);
  markChanged(heading);
}
