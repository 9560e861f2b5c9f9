// Elements inside a code block that are not its code: buttons (copy, word wrap), anything hidden
// from assistive technology (Expressive Code's line numbers), and the line-number gutters of
// Expressive Code, VitePress, Prism and Pygments (MkDocs). Line numbers drawn with CSS
// (Docusaurus' `::before` counters) are not text and need no rule.
const notCode =
  'button, [role="button"], [aria-hidden="true"], [hidden], script, style, template, .gutter, .linenos, .linenodiv, .line-numbers-wrapper, .line-numbers-rows';

// Elements that hold one line each in the generators' markup: Docusaurus' `div.token-line`
// (older Prism renderers: `span.token-line`), Expressive Code's `div.ec-line`, and any other
// block element.
const lineElement = /^(DIV|P|LI|TR)$/;
const lineClasses = ['token-line', 'ec-line'];

const isLine = (element: Element): boolean => lineElement.test(element.tagName) || lineClasses.some((name) => element.classList.contains(name));

/** The text of `node`'s children, one line per line element. */
function textOf(node: Node): string {
  let text = '';
  for (const child of node.childNodes) {
    if (child.nodeType === 3) text += (child as Text).data;
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    if (element.tagName === 'BR') text += '\n';
    else if (element.matches(notCode)) continue;
    else if (!isLine(element)) text += textOf(element);
    // A line is its text and one line break: the break the markup may already carry (a `<br>`,
    // a `\n` in an empty line) is not a second one.
    else text += `${text === '' || text.endsWith('\n') ? '' : '\n'}${textOf(element).replace(/\n+$/, '')}\n`;
  }
  return text;
}

/**
 * The code of a block as the page shows it, line by line: line elements (`<div>` per line,
 * `token-line`, `ec-line`) and `<br>` become line breaks, and copy buttons, line numbers and
 * hidden parts are left out. `textContent` would run `<div>`-per-line code into one line.
 *
 * @example codeText(document.querySelector('pre')) // 'npm install docent\nnpx docent serve'
 */
export function codeText(block: Element): string {
  return textOf(block).replace(/\n+$/, '');
}
