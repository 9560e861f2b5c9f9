/** The `id` of `node` or of its nearest ancestor element that has one. */
export function nearestElementId(node: Node | null): string | undefined {
  let element: Element | null = node === null ? null : node.nodeType === 1 ? (node as Element) : node.parentElement;
  while (element !== null) {
    if (element.id !== '') return element.id;
    element = element.parentElement;
  }
  return undefined;
}
