// marked keeps named character references in text tokens for its HTML output; rendering
// to DOM text nodes needs them decoded. Models use few of them, so a short table is enough;
// unknown names stay as written, which is what a reader would see in the source anyway.
const namedEntities: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  harr: '↔',
  times: '×',
  divide: '÷',
  middot: '·',
  bull: '•',
  deg: '°',
  plusmn: '±',
  ne: '≠',
  le: '≤',
  ge: '≥',
  check: '✓',
};

const reference = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([a-zA-Z]+));/g;

/**
 * Decodes HTML character references (`&amp;`, `&#65;`, `&#x41;` and common named ones) in
 * text that will be shown as a DOM text node, never parsed as HTML.
 *
 * @example
 * decodeEntities('Tom &amp; Jerry &rarr; &#x1F600;'); // 'Tom & Jerry → 😀'
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(reference, (whole, decimal?: string, hexadecimal?: string, name?: string) => {
    if (name !== undefined) return namedEntities[name] ?? whole;
    const codePoint = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hexadecimal ?? '', 16);
    if (codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(codePoint);
  });
}
