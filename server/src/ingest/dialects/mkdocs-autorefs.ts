import { insideCodeSpan, linkLabel } from '../../text/markdown-syntax';
import { rewriteLinesOutsideFences } from '../line-scanner';

// `[text][identifier]` or `[identifier][]`; the text may hold code and one level of brackets.
const referenceLink = /\[((?:[^[\]\n]|\[[^[\]\n]*\])+)\]\[([^[\]\n]*)\]/g;
// A link reference definition's label: `[pydantic.BaseModel]: https://…`.
const definitionLine = /^ {0,3}\[([^\]\n]+)\]:/gm;

/**
 * Reference links the page does not define, as the text mkdocs-autorefs links them by: it
 * resolves `[BaseModel][pydantic.BaseModel]`, `[` `` `Page.title` `` `][mkdocs.structure.pages.Page.title]`
 * and `[config][]` to API entries and headings of other pages when the site is built; read
 * from the sources, they would stay bracketed text. References the page defines, and brackets
 * inside code, are left as written.
 *
 * @example autorefsAsText('Use [`BaseModel`][pydantic.BaseModel].') === 'Use `BaseModel`.'
 */
export function autorefsAsText(source: string): string {
  if (!source.includes('][')) return source;
  const defined = new Set([...source.matchAll(definitionLine)].map((match) => linkLabel(match[1] ?? '')));
  return rewriteLinesOutsideFences(source, (line) =>
    line.replace(referenceLink, (whole, text: string, identifier: string, offset: number) => {
      // An image (`![alt][id]`) is not a link autorefs makes; code shows brackets as written.
      if (line[offset - 1] === '!' || insideCodeSpan(line, offset)) return whole;
      return defined.has(linkLabel(identifier === '' ? text : identifier)) ? whole : text;
    }),
  );
}
