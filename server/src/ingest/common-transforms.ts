import type { Nodes, Parent, Root } from 'mdast';
import { markChanged, rewriteTree, text } from './mdast-edits';

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
