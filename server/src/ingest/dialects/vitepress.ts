import path from 'node:path';
import type { Heading } from 'mdast';
import { vitepressAnchors } from '../anchors';
import { dropMarkerParagraphs, dropNonContentHtml, restoreInlineDirectives } from '../common-transforms';
import { flattenContainers, normalizeContainerFences } from '../directive-containers';
import { localeFolders, localeOfPath, normalizeLocale, siteLocales } from '../locales';
import { includeBoundary } from '../included-files';
import { parseMarkdown } from '../markdown-parser';
import { rewriteTree, setCustomId, takeTrailingAttributes } from '../mdast-edits';
import { cleanCodeBlock } from './code-cleanup';
import { matchesAnyGlob } from '../path-glob';
import type { Dialect, DialectOptions, PageFile } from './dialect';
import { joinUrlPath, normalizePrefix } from './dialect';
import { resolveCodeImports } from './vitepress-code-imports';
import { applyRewrites, readVitepressConfig } from './vitepress-config';
import { resolveIncludes } from './vitepress-includes';

/**
 * VitePress' dialect.
 * - Parsing: `<!--@include: …-->` resolved first (as VitePress does, as text), `::: name Title`
 *   containers (tip, warning, danger, info, details, code-group, …) flattened to their content
 *   with an explicit title as a bold lead line, `<<< @/x.ts` code imports as fenced code,
 *   `[[toc]]` dropped, twoslash and `[!code]` markup removed from code, HTML comments and
 *   `<script>`/`<style>` blocks dropped.
 * - Anchors: `{#custom-id}` as written, else VitePress' slugify (accents dropped, ASCII
 *   punctuation to `-`, a leading digit prefixed with `_`), duplicates `-1`, `-2`; badges and
 *   emoji are not part of a heading's text.
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
  const sourcePathOf = (file: PageFile): string => {
    const fromSource = path.relative(config.sourceRoot, file.sourceFile).split(path.sep).join('/');
    return fromSource.startsWith('..') ? file.relativeFile : fromSource;
  };
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
    fingerprint: `vitepress:3:${config.sourceRoot}:${boundary}`,
    locales,
    defaultLocale: locales[0]?.code ?? 'en',
    // `srcExclude` files are not pages (they are often partials other pages include).
    isPage: (file) => !matchesAnyGlob(sourcePathOf(file), config.sourceExclude),
    async parse(source, file) {
      const dependencies: string[] = [];
      const expanded = await resolveIncludes(source, file.sourceFile, { sourceRoot: config.sourceRoot, dependencies, boundary });
      const text = normalizeContainerFences(expanded);
      const tree = parseMarkdown(text, { directives: true });
      restoreInlineDirectives(tree, text);
      flattenContainers(tree);
      dropMarkerParagraphs(tree, text, ['[[toc]]']);
      dropNonContentHtml(tree);
      await resolveCodeImports(tree, text, file.sourceFile, { sourceRoot: config.sourceRoot, boundary }, dependencies);
      rewriteTree(tree, (node) => {
        if (node.type === 'code') cleanCodeBlock(node);
        if (node.type === 'heading') {
          const attributes = takeTrailingAttributes(node, /\s*\{\s*([^{}]*)\}\s*$/);
          const id = attributes === undefined ? undefined : /(?:^|\s)#([^\s.#]+)/.exec(attributes)?.[1];
          if (id !== undefined) setCustomId(node, id);
        }
        return undefined;
      });
      return { tree, text, dependencies };
    },
    headingText: vitepressHeadingText,
    assignAnchors: vitepressAnchors,
    pagePath: (file) => joinUrlPath(prefix, routeOf(file)),
    localeOf: (pagePath) => localeOfPath(pagePath, locales),
  };
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
