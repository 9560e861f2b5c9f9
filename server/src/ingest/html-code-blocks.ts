import type { Element, ElementContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { hasClass } from './hast-classes';

// Sphinx's `highlight-default` means "the project's default lexer", which the page does not name.
const unnamedLanguages = new Set(['default', 'none', '']);

/**
 * A copy of `container` where every code block is one plain `pre > code.language-x` element
 * holding the block's whole text, so it converts to one fenced block with its language:
 * highlighters' spans are flattened, tables of line numbers (Pygments `table.highlighttable`,
 * Hugo `table.lntable`) become their code, and the language is read from wherever the generator
 * put it: `code.language-x`/`lang-x`, `pre.language-x`, `data-lang`, or a wrapping
 * `div.highlight-x` (Sphinx) / `div.language-x` (MkDocs, VitePress). Sphinx API signatures
 * (`dt.sig`) become inline code.
 *
 * Run it after {@link withoutPageChrome}, which drops line-number cells and copy buttons.
 *
 * @example normalizeCodeBlocks(withoutPageChrome(container))
 */
export function normalizeCodeBlocks(container: Element): Element {
  return { ...container, children: normalizedChildren(container, []) };
}

function normalizedChildren(parent: Element, ancestors: Element[]): ElementContent[] {
  const trail = [...ancestors, parent];
  return parent.children.map((child) => {
    if (child.type !== 'element') return child;
    if (child.tagName === 'pre') return plainCodeBlock(child, trail);
    if (child.tagName === 'dt' && hasClass(child, 'sig')) return plainSignature(child);
    if (child.tagName === 'table' && isLineNumberTable(child)) {
      const code = codeOfLineNumberTable(child);
      if (code) return plainCodeBlock(code, [...trail, child]);
    }
    return { ...child, children: normalizedChildren(child, trail) };
  });
}

function plainCodeBlock(pre: Element, ancestors: Element[]): Element {
  const language = languageOf(pre, ancestors);
  const code: Element = {
    type: 'element',
    tagName: 'code',
    properties: language === undefined ? {} : { className: [`language-${language}`] },
    children: [{ type: 'text', value: toString(pre).replace(/\n$/, '') }],
  };
  return { type: 'element', tagName: 'pre', properties: {}, children: [code] };
}

function languageOf(pre: Element, ancestors: Element[]): string | undefined {
  const code = pre.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  for (const element of [code, pre]) {
    if (!element) continue;
    const fromClass = classLanguage(element, ['language-', 'lang-']);
    if (fromClass !== undefined) return fromClass;
    const dataLanguage = element.properties.dataLang ?? element.properties.dataLanguage;
    if (typeof dataLanguage === 'string' && !unnamedLanguages.has(dataLanguage)) return dataLanguage;
  }
  for (const ancestor of [...ancestors].reverse()) {
    const fromClass = classLanguage(ancestor, ['highlight-', 'language-']);
    if (fromClass !== undefined) return fromClass;
  }
  return undefined;
}

function classLanguage(element: Element, prefixes: string[]): string | undefined {
  const className = element.properties.className;
  if (!Array.isArray(className)) return undefined;
  for (const name of className) {
    const word = String(name);
    const prefix = prefixes.find((candidate) => word.startsWith(candidate));
    if (prefix === undefined) continue;
    const language = word.slice(prefix.length).toLowerCase();
    if (!unnamedLanguages.has(language)) return language;
  }
  return undefined;
}

// Sphinx API signatures (`dt.sig`) are dozens of styled spans; as Markdown they would be a
// tangle of emphasis. Read as the code they are.
function plainSignature(term: Element): Element {
  const text = toString(term).replace(/\s+/g, ' ').trim();
  return { ...term, children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: text }] }] };
}

function isLineNumberTable(table: Element): boolean {
  return hasClass(table, 'highlighttable') || hasClass(table, 'lntable');
}

// The line-number cell is emptied by the chrome filter; the code is the `pre` that still has text.
function codeOfLineNumberTable(table: Element): Element | undefined {
  let found: Element | undefined;
  const visit = (element: Element) => {
    for (const child of element.children) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'pre') {
        if (toString(child).trim() !== '') found = child;
      } else visit(child);
    }
  };
  visit(table);
  return found;
}
