import type { Element, ElementContent } from 'hast';
import { toString } from 'hast-util-to-string';

/**
 * API reference entries of a built page: a definition list whose terms carry ids, each term
 * followed by its description, as Sphinx writes every documented object
 * (`<dl class="py method"><dt id="flask.Flask.route">route(rule, **options)</dt><dd>…</dd></dl>`),
 * its command-line options (`dt#cmdoption-…`) and glossary terms (`dt#term-…`). Each such term is
 * a place the page links to (`api.html#flask.Flask.route`), so it starts a section of its own:
 * one heading over 500 objects made a single section of 85,000 characters that every question
 * about the API matched and no answer could quote.
 */

/** Longest heading an entry gets from its term's text (a signature can run to hundreds). */
const maximumHeadingLength = 120;

/**
 * The entries of a definition list, by the term that starts each: a run of terms (`dt`s one
 * after another, as Sphinx writes an object with several signatures or a glossary entry with
 * several terms) followed by its description (`dd`), one of the terms carrying an id. The entry's
 * anchor is the first id of its run. One pass over the list.
 */
export function listEntries(list: Element): Map<Element, string> {
  const entries = new Map<Element, string>();
  if (list.tagName !== 'dl') return entries;
  let run: Element[] = [];
  for (const child of list.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'dt') {
      run.push(child);
      continue;
    }
    const anchor = child.tagName === 'dd' ? run.map(idOf).find((id) => id !== undefined) : undefined;
    if (anchor !== undefined && run[0] !== undefined) entries.set(run[0], anchor);
    run = [];
  }
  return entries;
}

/** Whether a definition list holds API entries (see {@link listEntries}). */
export function isEntryList(element: Element): boolean {
  return listEntries(element).size > 0;
}

/**
 * The heading of an entry: its term's text up to its parameters, type or value, as a reader
 * names the object (`class flask.Flask`, `route`, `property debug`, `--host <host>`), without
 * the permalink and source links.
 */
export function entryHeading(term: Element): string {
  const text = termText(term);
  // The name ends where its parameters, type or value begin: `route(`, `debug: bool`, `x = 1`.
  const end = /\(|: | = /.exec(text)?.index ?? -1;
  const name = (end > 0 ? text.slice(0, end) : text).trim();
  const heading = name === '' ? (idOf(term) ?? '') : name;
  return heading.length > maximumHeadingLength ? `${heading.slice(0, maximumHeadingLength - 1).trimEnd()}…` : heading;
}

/**
 * The term as the entry's first line: its whole text (a signature with its parameters and their
 * defaults) as inline code, the way the built page sets it apart.
 */
export function entrySignature(term: Element): ElementContent[] {
  const text = termText(term);
  if (text === '') return [];
  return [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: text }] }] }];
}

// Links in a term that are not its text: the permalink (¶) and Sphinx's `[source]` link.
const termDecoration = new Set(['headerlink', 'viewcode-link', 'viewcode-back']);

function termText(term: Element): string {
  const kept: Element = { ...term, children: withoutDecoration(term.children) };
  return toString(kept).replace(/\s+/g, ' ').trim();
}

function withoutDecoration(children: ElementContent[]): ElementContent[] {
  return children.flatMap((child): ElementContent[] => {
    if (child.type !== 'element') return [child];
    const className = child.properties.className;
    if (Array.isArray(className) && className.some((name) => termDecoration.has(String(name)))) return [];
    return [{ ...child, children: withoutDecoration(child.children) }];
  });
}

function idOf(element: Element): string | undefined {
  const id = element.properties.id;
  return typeof id === 'string' && id.trim() !== '' ? id : undefined;
}

/**
 * Joins a type annotation that Sphinx writes as one `<em>` per token
 * (`<em>Optional</em><em>[</em><em>str</em><em>]</em>`) into one inline code span
 * (`Optional[str]`): converted token by token it read `_Optional_*\[*_str_*]*`. A run of two or
 * more adjacent `<em>`s (or links holding one, to a type's entry) of which one is only
 * punctuation is such an annotation; the links go with it. Mutates `parent`.
 */
export function joinTypeAnnotations(parent: Element): void {
  const children = parent.children;
  for (let index = 0; index < children.length; index++) {
    const child = children[index];
    if (child?.type !== 'element') continue;
    if (!isAnnotationToken(child)) {
      joinTypeAnnotations(child);
      continue;
    }
    // The run of tokens from here, each read once.
    const texts: string[] = [];
    let punctuation = false;
    let end = index;
    while (end < children.length) {
      const next = children[end];
      if (next?.type !== 'element' || !isAnnotationToken(next)) break;
      const text = toString(next);
      punctuation ||= /^[\s[\](),|.*]+$/.test(text);
      texts.push(text);
      end += 1;
    }
    if (texts.length >= 2 && punctuation) {
      children.splice(index, texts.length, { type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: texts.join('') }] });
    } else {
      // Not an annotation: its tokens are emphasis as written; carry on after the run.
      index = end - 1;
    }
  }
}

// A token of a type annotation: `<em>str</em>`, or a link to a documented type `<a><em>Response</em></a>`.
function isAnnotationToken(element: Element): boolean {
  if (element.tagName === 'em') return true;
  if (element.tagName !== 'a') return false;
  const inner = element.children.filter((child) => child.type !== 'text' || child.value.trim() !== '');
  return inner.length === 1 && inner[0]?.type === 'element' && inner[0].tagName === 'em';
}
