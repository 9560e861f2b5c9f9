const headingSelector = 'h1, h2, h3, h4, h5, h6';

/** The heading level of `element` (1 to 6), or 7 for anything that is not a heading. */
const levelOf = (element: Element): number => (/^H[1-6]$/.test(element.tagName) ? Number(element.tagName[1]) : 7);

/** The element before `element` in document order, within `root` (an ancestor), or null. */
function previousElement(element: Element, root: Element): Element | null {
  let previous = element.previousElementSibling;
  if (previous === null) return element.parentElement === root ? null : element.parentElement;
  while (previous.lastElementChild !== null) previous = previous.lastElementChild;
  return previous;
}

/**
 * The `id` of the section `node` is in: the heading that opens that section, i.e. `node`'s own
 * heading or the nearest heading before it in the document. A heading without an id (a page
 * title, say) defers to the nearest earlier heading of a higher level that has one, since that
 * section contains it. Only the content around `node` is searched (its `article`, `main` or the
 * body), so sidebars' headings are never chosen. Layout wrappers' ids (`VPContent`,
 * `__docusaurus`) are never the answer: undefined when no heading with an id precedes `node`.
 *
 * @example sectionId(codeBlockUnderTheInstallHeading) // 'install'
 */
export function sectionId(node: Node | null): string | undefined {
  const start = node === null ? null : node.nodeType === 1 ? (node as Element) : node.parentElement;
  if (start === null) return undefined;
  const document = start.ownerDocument;
  const root = start.closest('article, main, [role="main"]') ?? document.body ?? document.documentElement;
  // A candidate must enclose the headings seen so far: a lower level number.
  let enclosingLevel = 7;
  let candidate: Element | null = start.closest(headingSelector) ?? (start === root ? null : previousElement(start, root));
  while (candidate !== null) {
    const level = levelOf(candidate);
    if (level < enclosingLevel) {
      if (candidate.id !== '') return candidate.id;
      enclosingLevel = level;
    }
    if (level === 1) return undefined;
    candidate = previousElement(candidate, root);
  }
  return undefined;
}
