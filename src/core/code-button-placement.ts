/** A rectangle in viewport coordinates. */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

// The controls docs generators put over their code blocks: VitePress `button.copy`, Docusaurus
// `.buttonGroup` (copy, word wrap), MkDocs Material `.md-clipboard`, Expressive Code (Starlight)
// `.copy button`, and any other button or link laid over the block.
const obstacleSelector = 'button, [role="button"], a[href], .md-clipboard, [class*="buttonGroup"], .copy';

/** Distance from the block's edges, and the free space kept around the generator's controls. */
const inset = 8;
const gap = 4;

const overlaps = (first: Box, second: Box): boolean =>
  first.left < second.right && second.left < first.right && first.top < second.bottom && second.top < first.bottom;

const grown = (box: Box, by: number): Box => ({ left: box.left - by, top: box.top - by, right: box.right + by, bottom: box.bottom + by });

/**
 * Where the "Ask AI" button of `block` goes, in viewport coordinates: the bottom-right corner of
 * the block's visible part (so a tall block shows it wherever it is scrolled), moved left of the
 * generator's own copy button and any other control over the block (one-line blocks are no taller
 * than the copy button). Controls are looked for in the block and its parent, where generators
 * put them. Null when the block is hidden, out of view, or covered at that spot (by a sticky
 * header, a modal or the widget's panel).
 * @param size the button's size; `overlay` the element holding it, left out of the checks.
 */
export function codeButtonPosition(
  block: Element,
  size: { width: number; height: number },
  overlay: Element,
): { left: number; top: number } | null {
  const view = block.ownerDocument.defaultView;
  const frame = block.getBoundingClientRect();
  const visibleTop = Math.max(frame.top, 0);
  const visibleBottom = Math.min(frame.bottom, view?.innerHeight ?? frame.bottom);
  if (frame.width === 0 || visibleBottom - visibleTop < size.height) return null;

  const scope = block.parentElement ?? block;
  const obstacles: Box[] = [];
  for (const control of scope.querySelectorAll(obstacleSelector)) {
    // Links inside the code itself are text, not controls.
    if (control.closest('code') !== null || overlay.contains(control)) continue;
    const box = control.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && overlaps(box, frame)) obstacles.push(grown(box, gap));
  }

  let left = frame.right - inset - size.width;
  const top = Math.max(visibleBottom - inset - size.height, visibleTop);
  for (let moves = 0; moves <= obstacles.length; moves++) {
    const hit = obstacles.find((box) => overlaps(box, { left, top, right: left + size.width, bottom: top + size.height }));
    if (hit === undefined) break;
    left = hit.left - size.width;
  }
  if (left < frame.left) return null;

  // The topmost element at the button's centre, ours aside, must belong to the block's frame.
  const stack = block.ownerDocument.elementsFromPoint?.(left + size.width / 2, top + size.height / 2) ?? [];
  const topmost = stack.find((element) => element !== overlay);
  if (topmost !== undefined && !scope.contains(topmost)) return null;
  return { left, top };
}
