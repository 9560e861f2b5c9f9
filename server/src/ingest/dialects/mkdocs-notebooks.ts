import { pythonMarkdownAnchors } from '../anchors';
import { dropNonContentHtml } from '../common-transforms';
import { parseMarkdown } from '../markdown-parser';
import { NotebookFormatError, notebookMarkdown } from '../notebook-pages';
import { DocsFolderError, titleFromFileName } from '../page-files';
import type { ParsedPage, PageFile } from './dialect';
import type { MkdocsNotebooks } from './mkdocs-config';

/** The notebooks of an MkDocs site that a notebook plugin publishes, and how they read. */
export interface MkdocsNotebookPages {
  /** Whether a `.ipynb` file (relative to the docs folder) is a page: not ignored, and included. */
  isPage(relativeFile: string): boolean;
  /** A notebook's published cells as a page (see `notebookMarkdown`). */
  parse(source: string, file: PageFile): ParsedPage;
}

// The plugin makes a notebook's table of contents with Python-Markdown's own toc, not the
// site's: ASCII slugs, whatever the site's toc slugify.
const notebookAnchors = pythonMarkdownAnchors({ unicode: false });

/**
 * Notebook pages as mkdocs-jupyter (or mknotebooks) publishes them. Their Markdown cells are
 * rendered by nbconvert, not by the site's Python-Markdown: CommonMark with `$…$` math, and none
 * of the site's extensions (admonitions, tabs, snippets, attribute lists). The title is the
 * first `#` heading, or the file name with `ignore_h1_titles`.
 *
 * @throws DocsFolderError (from `parse`) naming the notebook when it is not valid nbformat 4 JSON.
 */
export function mkdocsNotebookPages(settings: MkdocsNotebooks): MkdocsNotebookPages {
  return {
    isPage: (relativeFile) => !settings.ignore.some((pattern) => matchesFromRight(relativeFile, pattern)) && settings.include.some((pattern) => matchesFromRight(relativeFile, pattern)),
    parse(source, file) {
      let text: string;
      try {
        text = notebookMarkdown(source, settings);
      } catch (error) {
        if (error instanceof NotebookFormatError) throw new DocsFolderError(file.sourceFile, `${error.message}, or add it to the mkdocs-jupyter plugin's ignore list`);
        throw error;
      }
      // nbconvert reads no front matter: a first cell opening with `---` shows a rule, not YAML.
      if (text.startsWith('---')) text = `\n${text}`;
      const tree = parseMarkdown(text, { math: true });
      dropNonContentHtml(tree);
      return { tree, text, dependencies: [], assignAnchors: notebookAnchors, ...(settings.fileNameTitles ? { title: titleFromFileName(file.relativeFile) } : {}) };
    },
  };
}

/**
 * Python's `PurePath.match` for a relative pattern, as the plugin checks its `include` and
 * `ignore` lists: the pattern's segments match the path's last segments, `*` and `?` within one
 * segment, `[…]` a character class. `*.ipynb` matches a notebook in any folder,
 * `drafts/*.ipynb` one directly in any `drafts` folder.
 *
 * @example matchesFromRight('guide/drafts/a.ipynb', 'drafts/*.ipynb') === true
 */
export function matchesFromRight(relativeFile: string, pattern: string): boolean {
  const segments = relativeFile.split('/');
  const parts = pattern.replace(/^\.\//, '').replace(/\/+$/, '').split('/');
  // An absolute pattern matches the whole path; the docs folder's files are relative to it.
  if (pattern.startsWith('/') || parts.length > segments.length) return false;
  const tail = segments.slice(segments.length - parts.length);
  return parts.every((part, index) => segmentPattern(part).test(tail[index] ?? ''));
}

function segmentPattern(part: string): RegExp {
  let source = '';
  for (let index = 0; index < part.length; index++) {
    const character = part[index] as string;
    if (character === '*') source += '[^/]*';
    else if (character === '?') source += '[^/]';
    else if (character === '[') {
      const end = part.indexOf(']', index + 2);
      if (end === -1) source += '\\[';
      else {
        const inside = part.slice(index + 1, end);
        source += `[${inside.startsWith('!') ? `^${inside.slice(1)}` : inside.replace(/\\/g, '\\\\')}]`;
        index = end;
      }
    } else source += character.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  // Python's path matching is case-sensitive on POSIX, as the sites' builds run.
  return new RegExp(`^${source}$`);
}
