import type { PhrasingContent } from 'mdast';

/**
 * What inline reStructuredText needs from its document: how roles read, where named hyperlinks
 * point, what substitutions stand for.
 */
export interface RstInlineContext {
  /** A role's rendering (`:ref:`, `:doc:`, `:func:`…): `text` is what sits between the backquotes. */
  role(name: string, text: string): PhrasingContent[];
  /** The URL of a named hyperlink target (`.. _Sphinx: https://…`), by its normalised name. */
  target(name: string): string | undefined;
  /** What a substitution (`|version|`) stands for, read as inline markup, when defined. */
  substitution(name: string): PhrasingContent[] | undefined;
  /** The role of plain interpreted text (`` `thing` ``), Sphinx's `default_role`; default: emphasis. */
  defaultRole?: string;
  /**
   * An element that takes an id on the page was read: a target a named reference defines (`` `Docs
   * <url>`_ ``, by its name), or a footnote reference (no name). docutils
   * numbers the ids it cannot make from a name (`id1`, `id2`…) in document order, sections among them.
   */
  takesId?(name: string | undefined): void;
}

// Inline markup starts after these (or at the start, or after whitespace) and ends before these.
const before = new Set([...`'"([{<-/:‘“’«¡¿‐‑‒–— `]);
const after = new Set([...`'")]}>-/:.,;!?\\’”»‐‑‒–— `]);

const isSpace = (character: string | undefined) => character === undefined || /\s/.test(character);
const startsAt = (text: string, index: number) => index === 0 || isSpace(text[index - 1]) || before.has(text[index - 1] as string);
const endsAt = (text: string, index: number) => index >= text.length || isSpace(text[index]) || after.has(text[index] as string);

/** A name as reStructuredText compares them: case and runs of whitespace do not count. */
export function normalizeRstName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Where an inline element that opened at `from` ends: the index of its end-string `end`, which
 * must follow a non-space character and be followed by the end of the text, a space or closing
 * punctuation; `-1` when it does not close.
 */
function closing(text: string, end: string, from: number, literal = false): number {
  let index = from;
  while (index < text.length) {
    const found = text.indexOf(end, index);
    if (found === -1) return -1;
    const escaped = !literal && text[found - 1] === '\\';
    if (found > from && !isSpace(text[found - 1]) && !escaped && endsAt(text, found + end.length)) return found;
    index = found + 1;
  }
  return -1;
}

/** The closing backquote of interpreted text or a reference, whose end rule applies after its `_`, `__` or `:role:` suffix. */
function closingBackquote(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
    const found = text.indexOf('`', index);
    if (found === -1) return -1;
    const suffix = /^(?:__?|:[A-Za-z0-9][\w.+:-]*?:)?/.exec(text.slice(found + 1)) as RegExpExecArray;
    if (found > from && !isSpace(text[found - 1]) && text[found - 1] !== '\\' && endsAt(text, found + 1 + suffix[0].length)) return found;
    index = found + 1;
  }
  return -1;
}

/**
 * {@link closing} and {@link closingBackquote} for one text, remembering their last answer per
 * end-string: where an end-string closes from one start, it closes from any later start before
 * it; where it does not close, it closes from no later start either. A paragraph of thousands
 * of unclosed `*` or ``` `` ``` would otherwise be searched to its end from each (quadratic).
 */
function closers(text: string): (kind: CloserKind, from: number) => number {
  const last = new Map<CloserKind, { from: number; found: number }>();
  return (kind, from) => {
    const known = last.get(kind);
    if (known !== undefined && from >= known.from && (known.found === -1 || from < known.found)) return known.found;
    const found =
      kind === 'literal' ? closing(text, '``', from, true) : kind === 'reference' ? closingBackquote(text, from) : kind === 'interpreted' ? closing(text, '`', from) : closing(text, kind, from);
    last.set(kind, { from, found });
    return found;
  };
}

/** What closes: ``` `` ```, a reference or interpreted text with its suffix, a role's or target's backquote, `**`, `*`, `|`. */
type CloserKind = 'literal' | 'reference' | 'interpreted' | '**' | '*' | '|';

/** Backslash escapes of plain text: `\*` is `*`, an escaped space is nothing. */
function unescape(text: string): string {
  return text.replace(/\\(\s)|\\(.)/gu, (_match, space: string | undefined, character: string | undefined) => (space !== undefined ? '' : (character ?? '')));
}

// `text <target>` inside a reference or role.
const explicitTarget = /^([\s\S]*?)\s*<([^<>]+)>$/;

/** A reference's or role's text and target: `Docs <https://…>` → text `Docs`, target `https://…`. */
export function splitTarget(content: string): { text: string; target?: string } {
  const match = explicitTarget.exec(content.trim());
  if (match === null) return { text: content.trim() };
  const text = (match[1] as string).trim();
  return { text, target: (match[2] as string).trim() };
}

/**
 * Reads reStructuredText inline markup into mdast phrasing: ``literals``, *emphasis*,
 * **strong**, roles (`:ref:`…``), hyperlink references (`` `text <url>`_ ``, `name_`),
 * substitutions (`|name|`), with footnote and citation references left out, as Sphinx shows them
 * in the text a reader sees (see docutils' inline markup recognition rules).
 */
export function parseRstInline(text: string, context: RstInlineContext): PhrasingContent[] {
  const nodes: PhrasingContent[] = [];
  let plain = '';
  const flush = () => {
    if (plain === '') return;
    const value = unescape(plain);
    const last = nodes.at(-1);
    if (last?.type === 'text') last.value += value;
    else if (value !== '') nodes.push({ type: 'text', value });
    plain = '';
  };
  const push = (...added: PhrasingContent[]) => {
    flush();
    for (const node of added) {
      const last = nodes.at(-1);
      if (node.type === 'text' && last?.type === 'text') last.value += node.value;
      else nodes.push(node);
    }
  };

  const close = closers(text);
  let index = 0;
  while (index < text.length) {
    const character = text[index] as string;
    if (character === '\\') {
      plain += text.slice(index, index + 2);
      index += 2;
      continue;
    }
    const opens = startsAt(text, index);
    // ``literal``
    if (opens && text.startsWith('``', index) && !isSpace(text[index + 2])) {
      const end = close('literal', index + 2);
      if (end !== -1) {
        push({ type: 'inlineCode', value: text.slice(index + 2, end).replace(/\s+/g, ' ') });
        index = end + 2;
        continue;
      }
    }
    // :role:`text`
    if (opens && character === ':') {
      const role = /^:([A-Za-z0-9][\w.+:-]{0,63}?):`/.exec(text.slice(index));
      if (role !== null) {
        const start = index + role[0].length;
        const end = close('interpreted', start);
        if (end !== -1) {
          push(...context.role((role[1] as string).toLowerCase(), text.slice(start, end)));
          index = end + 1;
          continue;
        }
      }
    }
    // `text`_ , `text <url>`__ , `text`:role: , `text`
    if (opens && character === '`' && !isSpace(text[index + 1])) {
      const end = close('reference', index + 1);
      if (end !== -1) {
        const content = text.slice(index + 1, end);
        const rest = text.slice(end + 1);
        const reference = /^__?(?=$|[\s'")\]}>\-/:.,;!?\\])/.exec(rest);
        const suffixRole = reference === null ? /^:([A-Za-z0-9][\w.+:-]{0,63}?):/.exec(rest) : null;
        if (reference !== null) {
          // A named reference with its URI embedded (`_`, not the anonymous `__`) defines a target.
          const embedded = splitTarget(content);
          if (embedded.target !== undefined && reference[0] === '_') context.takesId?.(embedded.text);
          push(...hyperlink(content, context));
          index = end + 1 + reference[0].length;
          continue;
        }
        if (suffixRole !== null) {
          push(...context.role((suffixRole[1] as string).toLowerCase(), content));
          index = end + 1 + suffixRole[0].length;
          continue;
        }
        if (context.defaultRole !== undefined) push(...context.role(context.defaultRole, content));
        else push({ type: 'emphasis', children: [{ type: 'text', value: unescape(content) }] });
        index = end + 1;
        continue;
      }
    }
    // **strong**, *emphasis*
    if (opens && text.startsWith('**', index) && !isSpace(text[index + 2])) {
      const end = close('**', index + 2);
      if (end !== -1) {
        push({ type: 'strong', children: parseRstInline(text.slice(index + 2, end), context) });
        index = end + 2;
        continue;
      }
    }
    if (opens && character === '*' && text[index + 1] !== '*' && !isSpace(text[index + 1])) {
      const end = close('*', index + 1);
      if (end !== -1) {
        push({ type: 'emphasis', children: parseRstInline(text.slice(index + 1, end), context) });
        index = end + 1;
        continue;
      }
    }
    // |substitution| and |substitution|_
    if (opens && character === '|' && !isSpace(text[index + 1])) {
      const end = close('|', index + 1);
      const name = end === -1 ? '' : text.slice(index + 1, end);
      const replaced = end === -1 ? undefined : context.substitution(normalizeRstName(name));
      if (replaced !== undefined) {
        const linked = /^__?/.exec(text.slice(end + 1));
        const url = linked === null ? undefined : context.target(normalizeRstName(name));
        push(...(url === undefined ? replaced : [{ type: 'link', url, children: replaced } as PhrasingContent]));
        index = end + 1 + (linked?.[0].length ?? 0);
        continue;
      }
    }
    // [1]_ , [#note]_ , [CIT2002]_ : footnote and citation references are not part of the sentence.
    if (opens && character === '[') {
      const footnote = /^\[(?:\d+|#[\w.-]*|\*|[\w.-]+)\]_(?=$|[\s'")\]}>\-/:.,;!?\\])/.exec(text.slice(index));
      if (footnote !== null) {
        context.takesId?.(undefined);
        plain = plain.replace(/[ \t]+$/, '');
        index += footnote[0].length;
        continue;
      }
    }
    // _`inline target`
    if (opens && text.startsWith('_`', index)) {
      const end = close('interpreted', index + 2);
      if (end !== -1) {
        context.takesId?.(unescape(text.slice(index + 2, end)));
        push({ type: 'text', value: unescape(text.slice(index + 2, end)) });
        index = end + 1;
        continue;
      }
    }
    // name_ : a one-word reference to a named target.
    if (opens && /[\p{L}\p{N}]/u.test(character)) {
      const run = /^[\p{L}\p{N}]+(?:[-_.:+][\p{L}\p{N}]+)*/u.exec(text.slice(index)) as RegExpExecArray;
      const suffix = /^__?(?=$|[\s'")\]}>\-/:.,;!?\\])/.exec(text.slice(index + run[0].length));
      if (suffix !== null) {
        push(...hyperlink(run[0], context));
        index += run[0].length + suffix[0].length;
        continue;
      }
      // Not a reference: the whole run of words is plain (a reference starting inside it would end
      // where it ends, without its `_` too), so a `_` inside is never read as one.
      plain += run[0];
      index += run[0].length;
      continue;
    }
    plain += character;
    index++;
  }
  flush();
  return nodes;
}

/** A hyperlink reference's content (`text <url>`, `text <target_>`, `name`) as a link, or its text. */
function hyperlink(content: string, context: RstInlineContext): PhrasingContent[] {
  const { text, target } = splitTarget(content);
  const label = unescape(text === '' ? (target ?? '') : text);
  let url: string | undefined;
  if (target !== undefined) {
    const joined = target.replace(/\s+/g, '');
    url = /_$/.test(joined) && !/\\_$/.test(joined) ? context.target(normalizeRstName(target.slice(0, -1))) : unescape(joined);
  } else url = context.target(normalizeRstName(text));
  if (url === undefined || url === '') return [{ type: 'text', value: label }];
  return [{ type: 'link', url, children: [{ type: 'text', value: label }] }];
}
