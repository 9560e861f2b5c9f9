import path from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import type { Code, Heading, Nodes, Parent, Root } from 'mdast';
import { vitepressAnchors, vitepressSlug } from '../anchors';
import { type AlertSyntax, dropMarkerParagraphs, dropNonContentHtml, flattenAlerts, restoreInlineDirectives } from '../common-transforms';
import { flattenContainers, normalizeContainerFences } from '../directive-containers';
import { parseFrontMatter } from '../front-matter';
import { localeFolders, localeOfPath, normalizeLocale, siteLocales } from '../locales';
import { includeBoundary } from '../included-files';
import { parseMarkdown } from '../markdown-parser';
import { markChanged, rewriteTree, setCustomId, takeTrailingAttributes, text as textNode } from '../mdast-edits';
import { cleanCodeBlock } from './code-cleanup';
import { pluginTabsAsLabels } from './vitepress-tabs';
import { matchesAnyGlob } from '../path-glob';
import type { Dialect, DialectOptions, PageFile } from './dialect';
import { joinUrlPath, normalizePrefix, pathInside } from './dialect';
import { labelCodeGroupTabs, resolveCodeImports } from './vitepress-code-imports';
import { applyRewrites, readVitepressConfig } from './vitepress-config';
import { homePageBlocks } from './vitepress-home';
import { resolveIncludes } from './vitepress-includes';
import { interpolateFrontmatter } from './vitepress-interpolation';

/**
 * VitePress' dialect.
 * - Parsing: `<!--@include: …-->` resolved first (as VitePress does, as text), `::: name Title`
 *   containers (tip, warning, danger, info, details, code-group, …) and alerts (`> [!TIP] Title`)
 *   flattened to their content with an explicit title as a bold lead line, `<<< @/x.ts` code
 *   imports as fenced code, each code-group tab's label (or imported file name) as a bold line
 *   before its code, `<Badge text="v2" />` as its text (but left out of headings), `[[toc]]`
 *   dropped, twoslash and `[!code]` markup removed from code, HTML comments and
 *   `<script>`/`<style>` blocks dropped. A `layout: home` page starts with what its front
 *   matter's hero and features show (see `homePageBlocks`). Vue's `{{ $frontmatter.title }}`
 *   reads as the value it shows (see `interpolateFrontmatter`); ```` ```js-vue ```` is `js`.
 * - Anchors: `{#custom-id}` as written, else VitePress' slugify (accents dropped, ASCII
 *   punctuation to `-`, a leading digit prefixed with `_`), duplicates `-1`, `-2`; badges and
 *   emoji are not part of a heading's text; `{{ … }}` counts as written, not as its value.
 * - Pages: every Markdown file but those `srcExclude` matches.
 * - URLs: the path relative to `srcDir` (the folder holding `.vitepress`), through `rewrites`,
 *   `index.md` → its folder, `.html` unless `cleanUrls` (config literal or the `cleanUrls`
 *   setting), under `base` (or `pathPrefix`).
 * - Locales: the config's `locales` keys (`root` is the default, its `lang` gives the code),
 *   else top-level locale folders.
 */
export async function createVitepressDialect(options: DialectOptions): Promise<Dialect> {
  const config = await readVitepressConfig(options.configFile, options.root);
  const prefix = normalizePrefix(options.pathPrefix ?? config.base ?? '');
  const cleanUrls = options.settings.cleanUrls ?? config.cleanUrls ?? false;
  const boundary = includeBoundary(options.root, options.configFile);
  const sourcePathOf = (file: PageFile): string => pathInside(config.sourceRoot, file) ?? file.relativeFile;
  const routeOf = (file: PageFile): string => {
    const sourcePath = sourcePathOf(file);
    const rewritten = applyRewrites(sourcePath, config.rewrites).replace(/\.md$/i, '');
    if (rewritten === 'index' || rewritten.endsWith('/index')) return rewritten.slice(0, -'index'.length);
    return cleanUrls ? rewritten : `${rewritten}.html`;
  };

  const rootLocale = config.locales.find((locale) => locale.key === 'root');
  const rootLanguage = options.settings.defaultLocale ?? primaryLanguage(rootLocale?.lang ?? config.lang ?? 'en');
  const configuredFolders = config.locales.filter((locale) => locale.key !== 'root').map((locale) => locale.key);
  const routes = options.files.map((relativeFile) => routeOf({ relativeFile, sourceFile: path.join(options.root, relativeFile) }));
  const folders = configuredFolders.length > 0 ? configuredFolders : localeFolders(routes.map((route) => `${route.replace(/\/$/, '/index')}.md`));
  const locales = siteLocales(rootLanguage, folders, prefix, normalizeLocale);

  return {
    generator: 'vitepress',
    fingerprint: `vitepress:9:${config.sourceRoot}:${boundary}`,
    locales,
    defaultLocale: locales[0]?.code ?? 'en',
    // `srcExclude` files are not pages (they are often partials other pages include).
    isPage: (file) => !matchesAnyGlob(sourcePathOf(file), config.sourceExclude),
    async parse(source, file) {
      const dependencies: string[] = [];
      const expanded = await resolveIncludes(source, file.sourceFile, { sourceRoot: config.sourceRoot, dependencies, boundary });
      const text = normalizeContainerFences(pluginTabsAsLabels(expanded));
      const tree = parseMarkdown(text, { directives: true });
      restoreInlineDirectives(tree, text);
      takeHeadingIds(tree);
      showFrontMatterValues(tree, text, file.sourceFile);
      addHomePage(tree, file.sourceFile);
      await resolveCodeImports(tree, text, file.sourceFile, { sourceRoot: config.sourceRoot, boundary }, dependencies);
      labelCodeGroupTabs(tree);
      flattenContainers(tree);
      flattenAlerts(tree, vitepressAlerts);
      dropMarkerParagraphs(tree, text, ['[[toc]]']);
      dropNonContentHtml(tree);
      badgesAsText(tree);
      rewriteTree(tree, (node) => {
        if (node.type === 'code') {
          dropVueSuffix(node);
          cleanCodeBlock(node);
        }
        return undefined;
      });
      return { tree, text, dependencies };
    },
    // `search: false` leaves a page out of VitePress' local search.
    excludesFromSearch: (_file, frontMatter) => frontMatter.search === false,
    headingText: vitepressHeadingText,
    assignAnchors: vitepressAnchors,
    pagePath: (file) => joinUrlPath(prefix, routeOf(file)),
    localeOf: (pagePath) => localeOfPath(pagePath, locales),
  };
}

/** VitePress' alerts: its container types, a title after the marker, at any depth. */
const vitepressAlerts: AlertSyntax = {
  types: ['note', 'tip', 'important', 'warning', 'caution', 'info', 'danger'],
  titleAfterMarker: true,
  nested: true,
};

/** Takes each heading's `{#custom-id}` out of its text, as its id. */
function takeHeadingIds(tree: Root): void {
  rewriteTree(tree, (node) => {
    if (node.type !== 'heading') return undefined;
    const attributes = takeTrailingAttributes(node, /\s*\{\s*([^{}]*)\}\s*$/);
    const id = attributes === undefined ? undefined : /(?:^|\s)#([^\s.#]+)/.exec(attributes)?.[1];
    if (id !== undefined) setCustomId(node, id);
    return undefined;
  });
}

/**
 * Vue's `{{ $frontmatter.title }}` in a page's text as the value the reader sees (see
 * `interpolateFrontmatter`), the heading keeping the anchor of its text as written. Before
 * containers are flattened, so `::: v-pre` still shows where Vue leaves text alone.
 */
function showFrontMatterValues(tree: Root, text: string, sourceFile: string): void {
  const frontMatter = tree.children[0];
  if (frontMatter?.type !== 'yaml' || !text.includes('$frontmatter')) return;
  interpolateFrontmatter(tree, parseFrontMatter(frontMatter.value, sourceFile), (heading) => vitepressSlug(vitepressHeadingText(heading)));
}

/** ```` ```js-vue ```` (fenced code Vue interpolates) is shown as `js` code. */
function dropVueSuffix(code: Code): void {
  if (code.lang === null || code.lang === undefined || code.lang.length <= '-vue'.length || !code.lang.endsWith('-vue')) return;
  code.lang = code.lang.slice(0, -'-vue'.length);
  markChanged(code);
}

/** Puts a `layout: home` page's hero and features (from its front matter) before its content. */
function addHomePage(tree: Root, sourceFile: string): void {
  const frontMatter = tree.children[0];
  if (frontMatter?.type !== 'yaml' || !/^layout:\s*['"]?home\b/m.test(frontMatter.value)) return;
  const blocks = homePageBlocks(parseFrontMatter(frontMatter.value, sourceFile));
  if (blocks.length === 0) return;
  tree.children.splice(1, 0, ...blocks);
  markChanged(tree);
}

// Where an HTML node is a block of its own, not inline in text.
const blockParents = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition', 'containerDirective']);

/**
 * Replaces each `<Badge text="v2.1" />` outside headings by its text, as the reader sees it
 * (`<Badge>v2.1</Badge>` keeps its content, as any inline HTML does). Badges in headings stay
 * out of the heading's text, as out of VitePress' anchor (see {@link vitepressHeadingText}).
 */
function badgesAsText(tree: Root): void {
  const visit = (parent: Parent) => {
    const children = parent.children as Nodes[];
    children.forEach((node, index) => {
      if (node.type === 'heading') return;
      if ('children' in node) {
        visit(node);
        return;
      }
      const label = node.type === 'html' ? badgeLabel(node.value) : undefined;
      if (label === undefined) return;
      children[index] = blockParents.has(parent.type) ? { type: 'paragraph', children: [textNode(label)] } : textNode(label);
      markChanged(parent as Nodes);
    });
  };
  visit(tree);
}

/** The `text` of a self-closing `<Badge … />` tag, or `undefined` for any other HTML. */
function badgeLabel(html: string): string | undefined {
  const tag = html.trim();
  if (!/^<Badge\s[^]*\/>$/i.test(tag)) return undefined;
  const element = fromHtml(tag, { fragment: true }).children[0];
  const label = element?.type === 'element' ? element.properties.text : undefined;
  return typeof label === 'string' ? label : undefined;
}

/** `en-US` → `en`: the root locale's code as pages carry it. */
function primaryLanguage(lang: string): string {
  return normalizeLocale(lang.split(/[-_]/)[0] ?? lang);
}

/**
 * A heading's text as VitePress makes its anchor from: inline HTML left out, and with it the
 * content of a `<Badge>…</Badge>`; emoji shortcodes (`:tada:`) left out.
 */
export function vitepressHeadingText(heading: Heading): string {
  let text = '';
  let inBadge = false;
  const visit = (nodes: Heading['children']) => {
    for (const node of nodes) {
      if (node.type === 'html') {
        if (/^<Badge(?:\s|>|\/)/i.test(node.value)) inBadge = !/\/\s*>$/.test(node.value);
        else if (/^<\/Badge\s*>$/i.test(node.value)) inBadge = false;
        continue;
      }
      if (inBadge) continue;
      if (node.type === 'text' || node.type === 'inlineCode') text += node.value;
      else if ('children' in node) visit(node.children as Heading['children']);
      else if (node.type === 'image') text += node.alt ?? '';
    }
  };
  visit(heading.children);
  return text.replace(/:[a-z0-9_+-]+:/g, '').replace(/\s+/g, ' ').trim();
}
