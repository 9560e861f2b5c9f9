import type { Blockquote, Nodes, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import { boldLine, forgetPositions, markChanged, replaceChild, rewriteTree, text, trimPhrasing } from './mdast-edits';

const commentOnly = /^\s*(?:<!--[\s\S]*?-->\s*)+$/;
const scriptOrStyle = /^\s*<(script|style)\b[\s\S]*<\/\1\s*>\s*$/i;

/**
 * Removes raw HTML that is not content: comments (`<!-- md:version 5.2 -->`), `<script>` and
 * `<style>` blocks (VitePress' `<script setup>`, inline demos). Other HTML stays as written.
 */
export function dropNonContentHtml(tree: Root): void {
  rewriteTree(tree, (node) => {
    if (node.type !== 'html') return undefined;
    return commentOnly.test(node.value) || scriptOrStyle.test(node.value) ? [] : undefined;
  });
}

/**
 * Turns text and leaf directives (`:name`, `::name`) back into the text they were written as.
 * Container directives are the syntax the dialects use; a colon inside prose ("key:value",
 * "10:30am") is not a directive to the generators that use them, and must not lose its text.
 */
export function restoreInlineDirectives(tree: Root, source: string): void {
  rewriteTree(tree, (node) => {
    if (node.type !== 'textDirective' && node.type !== 'leafDirective') return undefined;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    const raw = start === undefined || end === undefined ? `:${node.name}` : source.slice(start, end);
    if (node.type === 'leafDirective') return [{ type: 'paragraph', children: [text(raw)] }];
    return [text(raw)];
  });
}

/**
 * Removes paragraphs that are exactly one marker (`[[toc]]`, `[TOC]`): placeholders the
 * generator replaces with navigation, not content.
 */
export function dropMarkerParagraphs(tree: Root, source: string, markers: readonly string[]): void {
  const wanted = new Set(markers);
  const visit = (parent: Parent) => {
    const children = parent.children as Nodes[];
    for (let index = children.length - 1; index >= 0; index--) {
      const node = children[index] as Nodes;
      if (node.type === 'paragraph' && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
        if (wanted.has(source.slice(node.position.start.offset, node.position.end.offset).trim())) {
          children.splice(index, 1);
          markChanged(parent as Nodes);
        }
      } else if ('children' in node) visit(node);
    }
  };
  visit(tree);
}

/** How a generator reads GitHub's alert syntax (`> [!NOTE]` as a quote's first line). */
export interface AlertSyntax {
  /** The alert types it knows, lower case (`note`, `tip`, …); the marker is matched in any case. */
  types: readonly string[];
  /**
   * Whether text after the marker on its line is the alert's title (VitePress:
   * `> [!TIP] Use a lockfile`); otherwise such a quote is no alert (GitHub).
   */
  titleAfterMarker: boolean;
  /** Whether quotes inside lists and other blocks can be alerts (VitePress), or only top-level ones (GitHub). */
  nested: boolean;
}

/** GitHub's alerts: five types, the marker alone on its line, top-level quotes only. */
export const githubAlerts: AlertSyntax = {
  types: ['note', 'tip', 'important', 'warning', 'caution'],
  titleAfterMarker: false,
  nested: false,
};

const alertMarker = /^\[!([\w-]+)\]/;

/**
 * Replaces every alert (`> [!WARNING]` and the quote it opens) by its content, led by its title
 * as a bold line when one is written after the marker: the same reading as a `::: warning`
 * container. The marker is the callout's styling, not text a reader sees.
 */
export function flattenAlerts(tree: Root, syntax: AlertSyntax): void {
  if (syntax.nested) {
    rewriteTree(tree, (node) => (node.type === 'blockquote' ? alertContent(node, syntax) : undefined));
    return;
  }
  for (let index = tree.children.length - 1; index >= 0; index--) {
    const node = tree.children[index];
    const content = node?.type === 'blockquote' ? alertContent(node, syntax) : undefined;
    if (content !== undefined) replaceChild(tree, index, content);
  }
}

/** An alert quote's content (its title first, as a bold line), or `undefined` when the quote is no alert. */
function alertContent(quote: Blockquote, syntax: AlertSyntax): RootContent[] | undefined {
  const [first, ...rest] = quote.children;
  if (first?.type !== 'paragraph') return undefined;
  const opening = first.children[0];
  if (opening?.type !== 'text') return undefined;
  const marker = alertMarker.exec(opening.value);
  if (marker === null || !syntax.types.includes((marker[1] as string).toLowerCase())) return undefined;
  const { line, after } = splitFirstLine([text(opening.value.slice(marker[0].length)), ...first.children.slice(1)]);
  const title = trimPhrasing(line);
  if (title.length > 0 && !syntax.titleAfterMarker) return undefined;
  const body = trimPhrasing(after);
  const content: RootContent[] = [...(body.length > 0 ? [{ ...first, children: body }] : []), ...rest];
  // The quote's blocks were written with `>` before each line: they must be written anew.
  for (const block of content) forgetPositions(block);
  return title.length > 0 ? [boldLine(title), ...content] : content;
}

/** Phrasing split at its first line end (a newline in text, or a hard break). */
function splitFirstLine(nodes: PhrasingContent[]): { line: PhrasingContent[]; after: PhrasingContent[] } {
  for (const [index, node] of nodes.entries()) {
    if (node.type === 'break') return { line: nodes.slice(0, index), after: nodes.slice(index + 1) };
    if (node.type !== 'text') continue;
    const end = node.value.indexOf('\n');
    if (end === -1) continue;
    return {
      line: [...nodes.slice(0, index), text(node.value.slice(0, end))],
      after: [text(node.value.slice(end + 1)), ...nodes.slice(index + 1)],
    };
  }
  return { line: nodes, after: [] };
}

