import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { inlineMarkdownToText } from './inline-text';

/** One documentation page read from a docs folder. */
export interface DocPage {
  /** URL path of the page, e.g. `/docs/getting-started`; `index.md` maps to its folder (`/docs/`). */
  path: string;
  /** Absolute path of the Markdown file the page came from. */
  sourceFile: string;
  /** Front matter `title`; else the first `#` heading; else a title made from the file name. */
  title: string;
  /** Front matter `description`, when given. */
  description?: string;
  /** Front matter `version` (numbers are turned into strings; quote `"1.10"` to keep the zero). */
  version?: string;
  /** Front matter `language`, e.g. `en`. */
  language?: string;
  /** Front matter `groups` (a string or a list of strings); `[]` when absent. */
  groups: string[];
  /** The page's Markdown body, without the front matter. */
  markdown: string;
}

/** Options of {@link loadDocPages}. */
export interface LoadDocPagesOptions {
  /**
   * URL path the docs are served under. Default `'/docs'`; `''` serves them from the root.
   * @example loadDocPages('demo/docs', { pathPrefix: '/guide' }) // getting-started.md -> /guide/getting-started
   */
  pathPrefix?: string;
}

/** A docs file whose front matter cannot be used; the message names the file and the field. */
export class DocsFolderError extends Error {
  /** The file at fault. */
  readonly file: string;

  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'DocsFolderError';
    this.file = file;
  }
}

const pageExtensions = new Set(['.md', '.mdx']);

/**
 * Reads every `.md` and `.mdx` file under `folder` (recursively, skipping hidden entries and
 * `node_modules`) into pages, sorted by URL path.
 *
 * Path mapping: `getting-started.md` → `/docs/getting-started`, `index.md` → `/docs/`,
 * `guides/theming.md` → `/docs/guides/theming`.
 *
 * @throws DocsFolderError when a file's front matter is not valid YAML or a field has the wrong type.
 * @example const pages = await loadDocPages('demo/docs');
 */
export async function loadDocPages(folder: string, options: LoadDocPagesOptions = {}): Promise<DocPage[]> {
  const root = path.resolve(folder);
  const prefix = normalizePrefix(options.pathPrefix ?? '/docs');
  const files = await listPageFiles(root);
  const pages = await Promise.all(
    files.map(async (relativeFile) => {
      const sourceFile = path.join(root, relativeFile);
      const source = await readFile(sourceFile, 'utf8');
      return parsePage(source, { sourceFile, relativeFile, prefix });
    }),
  );
  return pages.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
}

/**
 * The URL path of a page file, given its path relative to the docs folder.
 *
 * @example pagePathForFile('guides/index.md', '/docs') === '/docs/guides/'
 */
export function pagePathForFile(relativeFile: string, pathPrefix = '/docs'): string {
  const prefix = normalizePrefix(pathPrefix);
  const withoutExtension = relativeFile.split(path.sep).join('/').replace(/\.mdx?$/i, '');
  const segments = withoutExtension.split('/');
  if (segments.at(-1)?.toLowerCase() === 'index') segments[segments.length - 1] = '';
  return `${prefix}/${segments.join('/')}`;
}

async function listPageFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new DocsFolderError(root, 'the docs folder does not exist; check the configured docs folder path');
    if (code === 'ENOTDIR') throw new DocsFolderError(root, 'is a file, not a folder; point the docs folder at the directory holding the Markdown pages');
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !pageExtensions.has(path.extname(entry.name).toLowerCase())) continue;
    const relativeFile = path.relative(root, path.join(entry.parentPath, entry.name));
    const hidden = relativeFile.split(path.sep).some((segment) => segment.startsWith('.') || segment === 'node_modules');
    if (!hidden) files.push(relativeFile);
  }
  return files;
}

function parsePage(source: string, file: { sourceFile: string; relativeFile: string; prefix: string }): DocPage {
  const { sourceFile, relativeFile, prefix } = file;
  let parsed: { data: Record<string, unknown>; content: string };
  try {
    // Passing options also switches off gray-matter's content cache, which would keep every
    // page's text alive for the life of the process.
    parsed = matter(source, { engines: { javascript: refuseJavaScript, js: refuseJavaScript } });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new DocsFolderError(sourceFile, `front matter is not valid YAML (${reason}); fix the block between the opening and closing --- lines`);
  }
  const data = parsed.data;
  const markdown = parsed.content.replace(/^\s*\n/, '');
  const title = optionalText(data, 'title', sourceFile) ?? firstLevelOneHeading(markdown) ?? titleFromFileName(relativeFile);
  const page: DocPage = {
    path: pagePathForFile(relativeFile, prefix),
    sourceFile,
    title,
    groups: groupsOf(data, sourceFile),
    markdown,
  };
  const description = optionalText(data, 'description', sourceFile);
  const version = optionalText(data, 'version', sourceFile);
  const language = optionalText(data, 'language', sourceFile);
  if (description !== undefined) page.description = description;
  if (version !== undefined) page.version = version;
  if (language !== undefined) page.language = language;
  return page;
}

function refuseJavaScript(): never {
  throw new Error('JavaScript front matter (---js) is not supported, because it would run code from the docs folder; use YAML');
}

function optionalText(data: Record<string, unknown>, field: string, sourceFile: string): string | undefined {
  const value = data[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new DocsFolderError(sourceFile, `front matter "${field}" must be text, but it is ${describeValue(value)}; write it as ${field}: "…"`);
}

function groupsOf(data: Record<string, unknown>, sourceFile: string): string[] {
  const value = data.groups;
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((group) => {
    if (typeof group === 'string' && group.trim() !== '') return group.trim();
    if (typeof group === 'number') return String(group);
    throw new DocsFolderError(
      sourceFile,
      `front matter "groups" must be a string or a list of strings, but it holds ${describeValue(group)}; write it as groups: [admins, beta]`,
    );
  });
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'string') return 'an empty string';
  if (typeof value === 'object' && value !== null) return 'an object';
  return `a ${typeof value}`;
}

// A cheap line scan: this runs for every page and only needs the first `# ` line outside a fence.
function firstLevelOneHeading(markdown: string): string | undefined {
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch?.[1]) {
      const marker = fenceMatch[1];
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = /^ {0,3}#(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (heading) {
      const text = inlineMarkdownToText(heading[1] ?? '');
      if (text !== '') return text;
    }
  }
  return undefined;
}

function titleFromFileName(relativeFile: string): string {
  const segments = relativeFile.split(path.sep);
  let name = path.basename(segments.at(-1) ?? '', path.extname(segments.at(-1) ?? ''));
  if (name.toLowerCase() === 'index') name = segments.length > 1 ? (segments.at(-2) ?? 'Home') : 'Home';
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function normalizePrefix(pathPrefix: string): string {
  const trimmed = pathPrefix.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
