import type { DocSection } from './sections';

/** A section as the search library stores it: one text field per place a word can appear. */
export interface IndexedSection {
  id: string;
  /** The page title, only on the page's first section (see `DocsIndex`). */
  title: string;
  heading: string;
  /** The headings above this one. */
  trail: string;
  /** Prose, without link targets and HTML tags. */
  text: string;
  /** The bodies of the section's code blocks. */
  code: string;
}

/**
 * Splits a section into the fields the index weighs differently: prose and code apart, link
 * targets and HTML tags left out (addresses and markup, not words a reader would search for).
 */
export function toIndexedSection(section: DocSection, withTitle: boolean): IndexedSection {
  const code: string[] = [];
  // Fences in a section are whole (the splitter keeps them so), which makes this scan safe.
  const prose = section.markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n([\s\S]*?)(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm, (_match, _fence, body: string) => {
    code.push(body);
    return '\n';
  });
  return {
    id: section.id,
    title: withTitle ? section.pageTitle : '',
    heading: section.anchor === undefined ? '' : section.heading,
    trail: section.headingTrail.join(' '),
    text: prose.replace(/\]\([^)]*\)/g, ']').replace(/<[^>]+>/g, ' '),
    code: code.join('\n'),
  };
}
