import type { Element } from 'hast';

/** Whether an HTML element has a class (`<p class="admonition-title">`: `admonition-title`). */
export function hasClass(element: Element, name: string): boolean {
  const className = element.properties.className;
  return Array.isArray(className) && className.includes(name);
}
