import path from 'node:path';
import type { Heading, Nodes, Parent, Root, Text } from 'mdast';
import { pythonMarkdownAnchors } from '../anchors';
import { dropMarkerParagraphs, dropNonContentHtml, restoreInlineDirectives } from '../common-transforms';
import { flattenContainers } from '../directive-containers';
import { rewriteLinesOutsideFences } from '../line-scanner';
import { localeFolders, localeOfPath, siteLocales } from '../locales';
import { parseMarkdown, plainText } from '../markdown-parser';
import { rewriteTree, setCustomId, takeTrailingAttributes, text as textNode } from '../mdast-edits';
import type { Dialect, DialectOptions } from './dialect';
import { joinUrlPath, normalizePrefix } from './dialect';
import { buildTimePlugins, mkdocsBlocksToDirectives } from './mkdocs-blocks';
import { removeAnnotationMarkers } from './mkdocs-code-annotations';
import { resolveCodeIncludes } from './mkdocs-code-includes';
import type { CodeIncludeFolders } from './mkdocs-code-includes';
import { readMkdocsConfig } from './mkdocs-config';
import { applyCriticMarks, criticFreeRanges, hasCriticMarks } from './mkdocs-critic';
import { flattenDefinitionLists } from './mkdocs-definition-lists';
import { attributeEntry, dropIconShortcodes } from './mkdocs-icons';
import { resolveIncludeMarkdown } from './mkdocs-include-markdown';
import { renderKeys } from './mkdocs-keys';
import { renderMacroVariables } from './mkdocs-macros';
import { readMkdocsMarkdownSettings } from './mkdocs-markdown-settings';
import { gitignoreMatcher } from '../path-glob';
import { repositoryRoot } from '../included-files';
import { resolveSnippets } from './mkdocs-snippets';
import type { SnippetFolders } from './mkdocs-snippets';
import { cleanTerminalMarkup } from './mkdocs-terminal';
import { mkdocsNotebookPages } from './mkdocs-notebooks';
import { autorefsAsText } from './mkdocs-autorefs';

const attributeList = /\s*\{:?\s*([^{}]*)\}\s*$/;
const inlineAttributeList = new RegExp(String.raw`^\{:?\s*${attributeEntry}(?:\s+${attributeEntry})*\s*\}`);
// A block's attribute list may also hold bare keys (`{ data-search-exclude }`).
const blockAttributeEntry = String.raw`(?:${attributeEntry}|[\w-]+)`;
const attributeListOnly = new RegExp(String.raw`^\{:?\s*${blockAttributeEntry}(?:\s+${blockAttributeEntry})*\s*\}$`);
// Jinja statements and comments (`{% if … %}`, `{% set … %}`, `{# … #}`), as mkdocs-macros reads them.
// A tag's inside never holds its closing mark, so a paragraph reads one way only: with a lazy
// `[\s\S]*?` a paragraph of tags followed by text took time exponential in the tags (24: 0.7 s).
const jinjaTagsOnly = /^(?:\{([%#])(?:(?!\1\})[\s\S])*\1\}\s*)+$/;
// Python-Markdown's abbr definitions: `*[HTML]: Hyper Text Markup Language`.
const abbreviationDefinition = /^ {0,3}\*\[[^\]\\]*\] ?:/;
const linkOrImage = new Set(['link', 'image', 'linkReference', 'imageReference']);

function followsLinkOrImage(node: Nodes, parent: Parent): boolean {
  const index = (parent.children as Nodes[]).indexOf(node);
  return index > 0 && linkOrImage.has((parent.children[index - 1] as Nodes).type);
}

/** The Markdown a node was parsed from, or its plain text once it has been rewritten. */
function sourceOf(node: Nodes, text: string): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? plainText(node) : text.slice(start, end);
}

/**
 * The page without abbr definitions, each line left blank (as the extension takes it out of its
 * paragraph): they are not shown, only a tooltip on the abbreviation.
 */
function withoutAbbreviationDefinitions(source: string): string {
  if (!source.includes('*[')) return source;
  return rewriteLinesOutsideFences(source, (line) => (abbreviationDefinition.test(line) ? '' : line));
}

/**
 * MkDocs (with Material's Python-Markdown extensions).
 * - Parsing: the include-markdown plugin's `{% include-markdown "../README.md" %}` when `plugins`
 *   enables it (see `resolveIncludeMarkdown`), FastAPI-family code includes
 *   (`{* docs_src/x.py hl[3] *}`, see `resolveCodeIncludes`) and `--8<--` snippets (with the
 *   config's `auto_append`) resolved first (as text, like the plugin and the preprocessors),
 *   `!!!`/`???`/`???+` admonitions, `===` content tabs and pymdownx.blocks (`/// note | Title`,
 *   `//// tab | Linux`), also inside list items, read as blocks (see `mkdocsBlocksToDirectives`)
 *   and flattened: an admonition's explicit title and each tab's label as a bold lead line;
 *   mkdocstrings and mkdocs-click lines (`::: typer.Typer`, named by the docs' notices, see
 *   `buildTimePlugins`), `[TOC]`, abbr definitions (`*[HTML]: …`), paragraphs of Jinja statements
 *   only (`{% if … %}`, mkdocs-macros), HTML comments (`<!-- md:version -->`) and
 *   `<script>`/`<style>` dropped; terminal output coloured with HTML tags read as its text (see
 *   `cleanTerminalMarkup`).
 * - Syntaxes `mkdocs.yml` turns on (see `readMkdocsMarkdownSettings`), read as the built page shows
 *   them: mkdocs-macros' `{{ version }}` from `extra:` (see `renderMacroVariables`, first, as the
 *   plugin renders the page), CriticMarkup edits (see `applyCriticMarks`), def_list groups as list
 *   items (see `flattenDefinitionLists`), pymdownx.keys' `++ctrl+alt+del++` as `Ctrl+Alt+Del`
 *   (see `renderKeys`) and Material's code annotation markers (`# (1)!`, see
 *   `removeAnnotationMarkers`).
 * - attr_list: a link's or an image's attribute list (`[Start](x.md){ .md-button }`) and a
 *   paragraph of one (`{ .annotate }`) dropped.
 * - Icons: Material's icon shortcodes (`:material-clock-fast:{ .lg .middle }`) dropped, a `title`
 *   kept as text (see `dropIconShortcodes`).
 * - Anchors: attr_list ids (`## Title { #id }`) reserved first, then Python-Markdown's toc
 *   slugify (ASCII only unless the config's toc slugify keeps Unicode) with `_1`, `_2` for
 *   repeats; emoji/icon shortcodes (`:material-check:`) are not part of the text.
 * - Pages: every `.md` file but those `exclude_docs` and `draft_docs` name (gitignore lines;
 *   by default the top `templates/` folder) and a `README.md` beside an `index.md`.
 * - URLs: `page.md` → `/page/` (or `/page.html` with `use_directory_urls: false`), `index.md`
 *   and `README.md` → the folder, under the path of `site_url` (or `pathPrefix`).
 * - Locales: `theme.language` for the root; top-level locale folders as translations.
 * - mkdocs-autorefs (with `plugins: [autorefs]` or mkdocstrings): reference links the page does
 *   not define (`[BaseModel][pydantic.BaseModel]`, `[config][]`) read as their text (see
 *   `autorefsAsText`).
 * - Notebooks: `.ipynb` files are pages where mkdocs-jupyter or mknotebooks is enabled (see
 *   `mkdocsNotebookPages`), read as nbconvert renders them, at the URL a `.md` file of that name
 *   would have.
 */
export async function createMkdocsDialect(options: DialectOptions): Promise<Dialect> {
  const config = await readMkdocsConfig(options.configFile, options.root);
  const markdown = await readMkdocsMarkdownSettings(options.configFile);
  const prefix = normalizePrefix(options.pathPrefix ?? config.sitePath);
  const directoryUrls = options.settings.cleanUrls ?? config.directoryUrls;
  const locales = siteLocales(options.settings.defaultLocale ?? config.language, localeFolders(options.files), prefix);
  const repository = repositoryRoot(config.configFolder);
  const snippetFolders: SnippetFolders = {
    basePaths: [...config.snippetBasePaths, options.root],
    ...(config.snippetsRestricted ? {} : { unrestrictedWithin: repository }),
    autoAppend: config.snippetAutoAppend,
  };
  const codeIncludes: CodeIncludeFolders = { bases: [...new Set([config.configFolder, options.root, path.dirname(options.root)])], root: repository };
  const includeMarkdown = config.includeMarkdown === undefined ? undefined : { settings: config.includeMarkdown, docsRoot: options.root, boundary: repository };
  const unpublished = gitignoreMatcher(config.unpublished);
  const foldersWithIndex = new Set(options.files.filter((file) => /(^|\/)index\.md$/i.test(file)).map((file) => file.replace(/[^/]*$/, '')));
  const assignAnchors = pythonMarkdownAnchors({ unicode: config.unicodeSlugs });
  const notebooks = config.notebooks === undefined ? undefined : mkdocsNotebookPages(config.notebooks);

  return {
    generator: 'mkdocs',
    fingerprint: `mkdocs:10:${config.autorefs}:${JSON.stringify(config.notebooks ?? null)}:${config.unicodeSlugs}:${snippetFolders.basePaths.join('|')}:${snippetFolders.unrestrictedWithin ?? ''}:${config.snippetAutoAppend.join('|')}:${codeIncludes.bases.join('|')}:${repository}:${JSON.stringify(config.includeMarkdown ?? null)}:${JSON.stringify(markdown)}`,
    locales,
    defaultLocale: locales[0]?.code ?? 'en',
    readsNotebooks: notebooks !== undefined,
    // MkDocs ignores a README.md beside an index.md (the index is the folder's page).
    isPage: (file) =>
      !file.relativeFile.endsWith('.mdx') &&
      (!file.relativeFile.endsWith('.ipynb') || notebooks?.isPage(file.relativeFile) === true) &&
      !unpublished(file.relativeFile.split(path.sep).join('/')) &&
      !(/(^|\/)readme\.md$/i.test(file.relativeFile) && foldersWithIndex.has(file.relativeFile.replace(/[^/]*$/, ''))),
    async parse(source, file) {
      if (notebooks !== undefined && file.relativeFile.endsWith('.ipynb')) return notebooks.parse(source, file);
      const dependencies: string[] = [];
      const included = includeMarkdown === undefined ? source : await resolveIncludeMarkdown(source, file.sourceFile, { ...includeMarkdown, dependencies });
      const rendered = markdown.macros === undefined ? included : renderMacroVariables(included, markdown.macros);
      const withCode = await resolveCodeIncludes(rendered, codeIncludes, dependencies);
      const withSnippets = await resolveSnippets(withCode, snippetFolders, dependencies);
      const linked = config.autorefs ? autorefsAsText(withSnippets) : withSnippets;
      let text = mkdocsBlocksToDirectives(withoutAbbreviationDefinitions(linked));
      let tree = parseMarkdown(text, { directives: true });
      // Critic edits are read in the text, as the extension's preprocessor does (they may span
      // blocks), outside the code the first parse finds; the edited text is parsed again.
      if (markdown.critic !== undefined && hasCriticMarks(text)) {
        const edited = applyCriticMarks(text, markdown.critic, criticFreeRanges(tree));
        if (edited !== text) {
          text = edited;
          tree = parseMarkdown(text, { directives: true });
        }
      }
      restoreInlineDirectives(tree, text);
      flattenContainers(tree, { title: (name, label) => label });
      dropMarkerParagraphs(tree, text, ['[TOC]']);
      // Before comments go: a `:` line after one (Material's `<!-- md:option x -->`) has no term.
      if (markdown.definitionLists) flattenDefinitionLists(tree, text, readBlocks);
      dropNonContentHtml(tree);
      rewriteTree(tree, (node, parent) => {
        if (node.type === 'code') cleanTerminalMarkup(node);
        if ('children' in node) dropIconShortcodes(node);
        if (node.type === 'heading') {
          const attributes = takeTrailingAttributes(node, attributeList);
          const id = attributes === undefined ? undefined : /(?:^|\s)#([^\s#.]+)/.exec(attributes)?.[1];
          if (id !== undefined) setCustomId(node, id);
        }
        // An attribute list right after a link or an image (`[Start](x.md){ .md-button }`,
        // `![Logo](logo.png){ width="300" }`) styles it: it is not text.
        if (node.type === 'text' && followsLinkOrImage(node, parent)) {
          const rest = node.value.replace(inlineAttributeList, '');
          if (rest !== node.value) return rest === '' ? [] : [textNode(rest)];
        }
        // An attribute list on a paragraph's own last line (`…implement.\n{#after}`) styles the paragraph or its item.
        if (node.type === 'paragraph' && node.children.at(-1)?.type === 'text') {
          const last = node.children.at(-1) as Text;
          const trailing = /\n[ \t]*(\{[^{}\n]*\})[ \t]*$/.exec(last.value);
          if (trailing !== null && attributeListOnly.test(trailing[1] ?? '')) {
            return [{ ...node, children: [...node.children.slice(0, -1), textNode(last.value.slice(0, trailing.index))] }];
          }
        }
        // A paragraph that is only an attribute list (`{ .annotate }`) styles the block before it.
        if (node.type === 'paragraph' && node.children.length === 1 && node.children[0]?.type === 'text' && attributeListOnly.test(node.children[0].value.trim())) {
          return [];
        }
        // A paragraph of Jinja statements only (`{% if … %}`) is template logic a plugin runs, not text.
        if (node.type === 'paragraph' && jinjaTagsOnly.test(sourceOf(node, text).trim())) return [];
        return undefined;
      });
      if (markdown.keys !== undefined) renderKeys(tree, markdown.keys, text);
      // After the paragraph rules: an attribute-list paragraph between a block and its list is gone.
      removeAnnotationMarkers(tree, { everyBlock: markdown.codeAnnotations });
      return { tree, text, dependencies };
    },
    // Material for MkDocs: `search: { exclude: true }` leaves a page out of its search.
    excludesFromSearch: (_file, frontMatter) => {
      const search = frontMatter.search;
      return typeof search === 'object' && search !== null && (search as { exclude?: unknown }).exclude === true;
    },
    headingText: mkdocsHeadingText,
    assignAnchors,
    pagePath(file) {
      const withoutExtension = file.relativeFile.replace(/\.(?:md|ipynb)$/i, '');
      const slash = withoutExtension.lastIndexOf('/');
      const folder = withoutExtension.slice(0, slash + 1);
      const name = withoutExtension.slice(slash + 1).toLowerCase();
      if (name === 'index' || (name === 'readme' && !foldersWithIndex.has(folder))) return joinUrlPath(prefix, folder);
      return joinUrlPath(prefix, directoryUrls ? `${withoutExtension}/` : `${withoutExtension}.html`);
    },
    localeOf: (pagePath) => localeOfPath(pagePath, locales),
    buildTimePlugins,
  };
}

/** Markdown written inside a block (a definition), read as a page's blocks are: admonitions, tabs and /// blocks flattened. */
function readBlocks(markdown: string): { tree: Root; text: string } {
  const text = mkdocsBlocksToDirectives(markdown);
  const tree = parseMarkdown(text, { directives: true });
  restoreInlineDirectives(tree, text);
  flattenContainers(tree, { title: (name, label) => label });
  return { tree, text };
}

/** A heading's text as Python-Markdown's toc sees it: tags dropped (their text kept), icon shortcodes left out. */
function mkdocsHeadingText(heading: Heading): string {
  return plainText(heading)
    .replace(/:[a-z0-9_+-]+:/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
