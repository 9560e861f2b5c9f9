import type { Element, ElementContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { hasClass } from './hast-classes';

/**
 * A copy of `container` where each set of tabs reads as a sequence: every tab's label as a bold
 * line, then its panel. Tab labels sit together in one strip (`[role=tablist]`, MkDocs
 * `.tabbed-labels`) away from their panels (`[role=tabpanel]`, MkDocs `.tabbed-block`); kept as
 * they are, they would run into one word ("npmYarnpnpm") and lose which command is whose.
 * Tab sets whose labels and panels do not pair up are only given one label per line.
 *
 * @example withReadableTabs(container)
 */
export function withReadableTabs(container: Element): Element {
  return { ...container, children: container.children.map(readableChild) };
}

function readableChild(child: ElementContent): ElementContent {
  if (child.type !== 'element') return child;
  const labels: Element[] = [];
  const panels: Element[] = [];
  const strip = findTabParts(child, labels, panels);
  if (strip === undefined) return { ...child, children: child.children.map(readableChild) };
  const labelParagraphs = labels.map((label) => boldLine(toString(label)));
  if (labels.length === 0 || labels.length !== panels.length) {
    return { ...child, children: child.children.map((nested) => (nested === strip ? { ...strip, children: labelParagraphs } : readableChild(nested))) };
  }
  const children: ElementContent[] = [];
  panels.forEach((panel, index) => children.push(labelParagraphs[index] as Element, { ...panel, children: panel.children.map(readableChild) }));
  return { type: 'element', tagName: 'div', properties: {}, children };
}

// The strip of labels directly inside `element`, filling `labels` and the panels beside it.
function findTabParts(element: Element, labels: Element[], panels: Element[]): Element | undefined {
  const strip = element.children.find((child): child is Element => child.type === 'element' && isLabelStrip(child));
  if (strip === undefined) return undefined;
  collect(strip, isLabel, labels);
  for (const child of element.children) if (child !== strip && child.type === 'element') collect(child, isPanel, panels);
  return strip;
}

function collect(element: Element, wanted: (element: Element) => boolean, found: Element[]): void {
  for (const child of element.children) {
    if (child.type !== 'element') continue;
    if (wanted(child)) found.push(child);
    else collect(child, wanted, found);
  }
}

function isLabelStrip(element: Element): boolean {
  return element.properties.role === 'tablist' || hasClass(element, 'tabbed-labels');
}

function isLabel(element: Element): boolean {
  return element.properties.role === 'tab' || element.tagName === 'label';
}

function isPanel(element: Element): boolean {
  return element.properties.role === 'tabpanel' || hasClass(element, 'tabbed-block');
}

function boldLine(text: string): Element {
  return { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'element', tagName: 'strong', properties: {}, children: [{ type: 'text', value: text.trim() }] }] };
}
