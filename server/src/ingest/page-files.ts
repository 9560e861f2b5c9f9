import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** A docs source that cannot be read; the message names the file (or folder) and what to fix. */
export class DocsFolderError extends Error {
  /** The file or folder at fault. */
  readonly file: string;

  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'DocsFolderError';
    this.file = file;
  }
}

/** The files of a docs folder, by kind, as paths relative to it with `/` separators. */
export interface DocsFolderFiles {
  /** `.md` and `.mdx` files, sorted. */
  markdown: string[];
  /** `.html` and `.htm` files, sorted (a built site). */
  html: string[];
  /** `.ipynb` files (Jupyter notebooks), sorted: pages where the site's generator publishes them. */
  notebooks: string[];
  /** Markdown under Jekyll's other extensions (`.markdown`, `.mkd`, `.mkdn`, `.mdown`), sorted: pages where the generator reads them. */
  markdownVariants: string[];
  /** reStructuredText files (`.rst`), sorted: pages of a Sphinx project. */
  restructuredText: string[];
}

/**
 * Lists a docs folder recursively, skipping hidden entries (`.vitepress`, `.git`) and
 * `node_modules`.
 *
 * @throws DocsFolderError when the folder does not exist or is a file.
 */
export async function listDocsFiles(root: string): Promise<DocsFolderFiles> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new DocsFolderError(root, 'the docs folder does not exist; check the configured docs folder path');
    if (code === 'ENOTDIR') throw new DocsFolderError(root, 'is a file, not a folder; point the docs folder at the directory holding the Markdown pages');
    throw error;
  }
  const files: DocsFolderFiles = { markdown: [], html: [], notebooks: [], markdownVariants: [], restructuredText: [] };
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const extension = path.extname(entry.name).toLowerCase();
    const kind =
      extension === '.md' || extension === '.mdx'
        ? 'markdown'
        : extension === '.html' || extension === '.htm'
          ? 'html'
          : extension === '.ipynb'
            ? 'notebooks'
            : markdownVariantExtensions.has(extension)
              ? 'markdownVariants'
              : extension === '.rst'
                ? 'restructuredText'
                : undefined;
    if (kind === undefined) continue;
    const relativeFile = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    const hidden = relativeFile.split('/').some((segment) => segment.startsWith('.') || segment === 'node_modules');
    if (!hidden) files[kind].push(relativeFile);
  }
  files.markdown.sort();
  files.html.sort();
  files.notebooks.sort();
  files.markdownVariants.sort();
  files.restructuredText.sort();
  return files;
}

/**
 * A title made from a file name: `getting-started.md` → `Getting started`; an index page takes
 * its folder's name (`guides/index.md` → `Guides`), the top one is `Home`.
 */
export function titleFromFileName(relativeFile: string): string {
  const segments = relativeFile.split('/');
  const last = segments.at(-1) ?? '';
  let name = last.slice(0, last.length - path.extname(last).length);
  if (name.toLowerCase() === 'index') name = segments.length > 1 ? (segments.at(-2) ?? 'Home') : 'Home';
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Jekyll's Markdown extensions besides `.md` (its `markdown_ext` default). */
const markdownVariantExtensions = new Set(['.markdown', '.mkd', '.mkdn', '.mdown']);

// Documentation written in a markup Docent does not read, by extension, with how to build it.
const otherMarkups: Array<{ extensions: string[]; name: string; project: string; build: string }> = [
  { extensions: ['.adoc', '.asciidoc'], name: 'AsciiDoc', project: 'Antora or Asciidoctor', build: 'build it with Antora or Asciidoctor and point `docs` at the HTML it writes' },
  { extensions: ['.org'], name: 'Org', project: 'Emacs Org mode', build: 'export it to HTML and point `docs` at that folder' },
];

/**
 * Refuses a docs folder with nothing Docent can read (no Markdown, HTML or notebook): the start
 * stops with the folder and what to do, naming the markup its files are in when it is another
 * one (reStructuredText, AsciiDoc), rather than serving no pages.
 *
 * @throws DocsFolderError when the folder holds no page
 */
export async function refuseFolderWithoutPages(root: string, files: DocsFolderFiles): Promise<void> {
  if (files.markdown.length + files.html.length + files.notebooks.length + files.markdownVariants.length + files.restructuredText.length > 0) return;
  const counts = new Map<string, number>();
  // Hidden folders and node_modules are not walked into (they may be large, and hold no docs).
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      if (entry.isDirectory()) await walk(path.join(folder, entry.name));
      else if (entry.isFile()) counts.set(path.extname(entry.name).toLowerCase(), (counts.get(path.extname(entry.name).toLowerCase()) ?? 0) + 1);
    }
  };
  await walk(root);
  for (const markup of otherMarkups) {
    const count = markup.extensions.reduce((sum, extension) => sum + (counts.get(extension) ?? 0), 0);
    if (count > 0) {
      throw new DocsFolderError(root, `holds ${count} ${markup.name} file${count === 1 ? '' : 's'} (${markup.project}) and no Markdown or HTML page; Docent reads Markdown sources or a built site: ${markup.build}`);
    }
  }
  throw new DocsFolderError(root, 'holds no Markdown (.md, .mdx, .markdown), reStructuredText (.rst) or HTML page; point `docs` at the folder of your documentation\'s sources or of its built site');
}
