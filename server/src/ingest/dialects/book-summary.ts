import type { Link, Nodes } from 'mdast';
import { parseMarkdown, plainText } from '../markdown-parser';

/** A chapter of a book (mdBook, GitBook): a page `SUMMARY.md` links to, with the name the book gives it. */
export interface SummaryChapter {
  /** The chapter's file, relative to the book's source folder, with `/` separators: `guide/setup.md`. */
  file: string;
  /** The chapter's name in the summary (the sidebar's, and the page's `<title>`). */
  name: string;
}

// A link to another site, or one with a scheme: not a chapter file.
const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * The chapters a `SUMMARY.md` lists (the table of contents mdBook and GitBook read), in its
 * order: prefix chapters, numbered chapters at any depth and suffix chapters, each a Markdown
 * link to a file of the source folder. Part titles (`# Reference`, GitBook's `## Group`),
 * separators and draft chapters (`[Later]()`, no file) are not pages. Link targets are
 * URL-decoded (`my%20page.md`) and read from the source folder, `./` and `../` resolved; an
 * anchor or query after the file is ignored, and a file linked twice is one chapter.
 *
 * @example summaryChapters('- [Install](guide/install.md)\n  - [On Windows](guide/windows.md)')
 *   // [{ file: 'guide/install.md', name: 'Install' }, { file: 'guide/windows.md', name: 'On Windows' }]
 */
export function summaryChapters(summary: string): SummaryChapter[] {
  const chapters: SummaryChapter[] = [];
  const seen = new Set<string>();
  const visit = (node: Nodes) => {
    if (node.type === 'link') {
      const file = chapterFile(node);
      if (file !== undefined && !seen.has(file)) {
        seen.add(file);
        chapters.push({ file, name: plainText(node) });
      }
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(parseMarkdown(summary));
  return chapters;
}

function chapterFile(link: Link): string | undefined {
  const target = link.url.replace(/[#?].*$/, '').trim();
  if (target === '' || external.test(target)) return undefined;
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // A stray `%` is part of the name.
  }
  const parts: string[] = [];
  for (const part of decoded.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.length === 0 ? undefined : parts.join('/');
}
