import { useEffect } from 'preact/hooks';

// The room the open panel takes on wide screens: its 400 px and 12 px either side. Zero under
// 1200 px, where the panel floats over the page instead (a page narrowed by 424 px would leave
// too little for the generators' two or three columns); the multiplication makes the switch a
// step, in CSS, so no resize listener is needed.
const pageInset = 'clamp(0px,(100vw - 1199.98px)*1000,424px)';

/**
 * While `active`, narrows the host page by the panel's width on wide screens so that the panel
 * sits beside the page, not over its table of contents: `<html>` gets the custom property
 * `--docent-page-inset` (the room taken, `0px` on narrower screens) and a margin of that width
 * on the panel's side. Elements in the page's flow move over; `position: fixed` ones do not
 * (they may use `var(--docent-page-inset, 0px)`). A site can keep its full width with
 * `html { margin-right: 0 !important }`. The previous inline values come back on close.
 */
export function usePageShift(active: boolean, side: 'left' | 'right'): void {
  useEffect(() => {
    if (!active) return;
    const style = document.documentElement.style;
    const property = side === 'left' ? 'margin-left' : 'margin-right';
    const previous = [property, '--docent-page-inset'].map((name) => [name, style.getPropertyValue(name), style.getPropertyPriority(name)] as const);
    style.setProperty('--docent-page-inset', pageInset);
    style.setProperty(property, 'var(--docent-page-inset)');
    return () => {
      for (const [name, value, priority] of previous) {
        if (value === '') style.removeProperty(name);
        else style.setProperty(name, value, priority);
      }
    };
  }, [active, side]);
}
