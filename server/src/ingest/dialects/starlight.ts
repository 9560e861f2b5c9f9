import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ListItem, Root, RootContent } from 'mdast';
import { astroAnchors, githubSlug } from '../anchors';
import { objectSetting, readConfigLiterals, stringSetting } from '../config-literals';
import { dropNonContentHtml, restoreInlineDirectives } from '../common-transforms';
import { flattenContainers, normalizeContainerFences } from '../directive-containers';
import { parseFrontMatter } from '../front-matter';
import { includeBoundary } from '../included-files';
import type { DocsLocale } from '../ingested-docs';
import { localeFolders, localeOfPath, normalizeLocale } from '../locales';
import { parseMarkdown, plainText, usesRemarkMath } from '../markdown-parser';
import { boldLine, rewriteTree, text } from '../mdast-edits';
import { starlightCode } from '../mdx-components';
import { flattenMdxWithImports, pageChain, type PartialChain } from '../mdx-imports';
import { stripHtml } from '../safe-markup';
import { tsconfigAliases } from '../tsconfig-aliases';
import { cleanCodeBlock, isTwoslashBlock } from './code-cleanup';
import { applyChangeMarkers } from './code-line-marks';
import { packageManagersRule } from './starlight-package-managers';
import type { Dialect, DialectOptions } from './dialect';
import { joinUrlPath, normalizePrefix } from './dialect';

/** Starlight settings read statically from `astro.config.*`. */
interface StarlightConfig {
  base?: string;
  trailingSlash?: string;
  /** Locale folder keys (`root` for the top level) with their `lang`. */
  locales: Array<{ key: string; lang?: string }>;
  defaultLocale?: string;
  /** Whether the config imports remark-math (Astro's `markdown.remarkPlugins`): `$…$` is then math. */
  math: boolean;
}

const astroSettings = { beside: ['integrations'] };
// Starlight's own options, beside its `title` (required) and other keys only it has: Astro's
// `i18n: { defaultLocale, locales: ['en', 'fr'] }` sits shallower and is not them.
const starlightSettings = { beside: ['title', 'sidebar', 'social', 'customCss', 'logo', 'editLink'] };

async function readStarlightConfig(configFile: string | undefined): Promise<StarlightConfig> {
  if (configFile === undefined) return { locales: [], math: false };
  const source = await readFile(configFile, 'utf8');
  const config = readConfigLiterals(source);
  const result: StarlightConfig = {
    math: usesRemarkMath(source),
    locales: Object.entries(objectSetting(config.setting('locales', starlightSettings)) ?? {}).map(([key, value]) => {
      const lang = stringSetting(objectSetting(value)?.lang);
      return lang === undefined ? { key } : { key, lang };
    }),
  };
  // Astro's own settings, beside its `integrations`: a sidebar entry's `base` is not the site's.
  const base = stringSetting(config.setting('base', astroSettings));
  const trailingSlash = stringSetting(config.setting('trailingSlash', astroSettings));
  const defaultLocale = stringSetting(config.setting('defaultLocale', starlightSettings));
  if (base !== undefined) result.base = base;
  if (trailingSlash !== undefined) result.trailingSlash = trailingSlash;
  if (defaultLocale !== undefined) result.defaultLocale = defaultLocale;
  return result;
}

/**
 * Starlight's dialect (Astro content collections under `src/content/docs`).
 * - Parsing: MDX for `.mdx`, Markdown for `.md`; `:::note[Title]` asides flattened (an explicit
 *   title as a bold lead line); `<Tabs>`/`<TabItem label>`, `<Steps>`, `<Aside title>`,
 *   `<Card title>`, `<CardGrid>`, `<LinkCard>`, `<FileTree>` flattened to their content (labels
 *   and titles as bold lines); `<Code code lang title>` as fenced code (`code` a string or a file
 *   imported with `?raw`); starlight-package-managers' `<PackageManagers pkg>` as its commands, a
 *   bold manager name and a `sh` block each (see `packageManagersRule`); an imported partial
 *   (`import Setup from '../partials/setup.mdx'` … `<Setup pkg="x" />`, or from a path alias of
 *   the site's `tsconfig.json`: `@/components/setup.md`) replaced by its content, its `{props.pkg}` by string props; other
 *   `import` lines and `{expressions}` dropped; Expressive Code's
 *   line markers (`del={2}`, `ins={3-4}`, ```` ```diff lang="js" ````) as `// removed` and
 *   `// added` comments on the lines they mark; a splash page's `hero` title (when not the
 *   page title), tagline and actions (a list of links) as its first lines; with remark-math in
 *   the config, `$…$` and `$$` blocks as math (see `usesRemarkMath`).
 * - Pages: every Markdown/MDX file but those with a segment starting with `_` (partials).
 * - Anchors: Astro's heading ids (github-slugger, a trailing `-` removed).
 * - URLs: the entry id (each path segment slugged by github-slugger, `index` dropped) or the
 *   front matter `slug`, as `/<id>/` (no trailing slash under `trailingSlash: 'never'`),
 *   under Astro's `base` or `pathPrefix`.
 * - Locales: the config's `locales` (Starlight's; `root` is the top level, its `lang` the code;
 *   otherwise `defaultLocale` names the default folder), else top-level locale folders.
 */
export async function createStarlightDialect(options: DialectOptions): Promise<Dialect> {
  const config = await readStarlightConfig(options.configFile);
  const prefix = normalizePrefix(options.pathPrefix ?? config.base ?? '');
  const trailing = config.trailingSlash === 'never' ? '' : '/';
  const configured = config.locales.length > 0;
  const folderKeys = configured ? config.locales.filter((locale) => locale.key !== 'root').map((locale) => locale.key) : localeFolders(options.files);
  const rootLocale = config.locales.find((locale) => locale.key === 'root');
  const codeOf = (key: string) => normalizeLocale(config.locales.find((locale) => locale.key === key)?.lang ?? key);
  const defaultKey = rootLocale === undefined && config.defaultLocale !== undefined && folderKeys.includes(config.defaultLocale) ? config.defaultLocale : undefined;
  const defaultCode = options.settings.defaultLocale ?? (rootLocale !== undefined ? codeOf('root') : defaultKey !== undefined ? codeOf(defaultKey) : 'en');
  const locales: DocsLocale[] = [{ code: normalizeLocale(defaultCode), pathPrefix: defaultKey === undefined ? prefix : `${prefix}/${defaultKey}` }];
  for (const key of folderKeys) if (key !== defaultKey) locales.push({ code: codeOf(key), pathPrefix: `${prefix}/${key}` });
  const boundary = includeBoundary(options.root, options.configFile);
  // `import X from '@/components/x.md'`: the aliases of the site's tsconfig.json, as Astro resolves them.
  const aliases = options.configFile === undefined ? {} : await tsconfigAliases(path.dirname(options.configFile));
  const headings = { headingText: plainText, assignAnchors: astroAnchors };

  const parseFile = async (source: string, file: string, dependencies: string[], chain: PartialChain): Promise<{ tree: Root; text: string }> => {
    const mdx = file.endsWith('.mdx');
    const text = normalizeContainerFences(source);
    const tree: Root = parseMarkdown(text, { mdx, directives: true, math: config.math });
    restoreInlineDirectives(tree, text);
    if (mdx) {
      const parsePartial = async (partialSource: string, partialFile: string, partialChain: PartialChain) => (await parseFile(partialSource, partialFile, dependencies, partialChain)).tree;
      await flattenMdxWithImports(tree, { file, chain, boundary, aliases, headings, dependencies, parsePartial }, (rawFiles) => ({ Code: starlightCode(rawFiles), PackageManagers: packageManagersRule }));
    }
    flattenContainers(tree);
    dropNonContentHtml(tree);
    return { tree, text };
  };

  return {
    generator: 'starlight',
    fingerprint: `starlight:9:${boundary}:${config.math}:${JSON.stringify(aliases)}`,
    locales,
    defaultLocale: locales[0]?.code ?? 'en',
    // Astro's content loader skips files and folders whose name starts with `_` (partials).
    isPage: (file) => !file.relativeFile.split(/[\\/]/).some((segment) => segment.startsWith('_')),
    async parse(source, file) {
      const dependencies: string[] = [];
      const { tree, text } = await parseFile(source, file.sourceFile, dependencies, pageChain(file.sourceFile));
      // Once, on the whole page: a second pass over a partial's code would mark its lines twice.
      rewriteTree(tree, (node) => {
        if (node.type === 'code') {
          // expressive-code-twoslash: a twoslash block shows only what is below its cut.
          if (isTwoslashBlock(node)) cleanCodeBlock(node);
          applyChangeMarkers(node);
        }
        return undefined;
      });
      addHero(tree, file.sourceFile);
      return { tree, text, dependencies };
    },
    // `draft: true` leaves a page out of production builds.
    unpublished: (frontMatter) => frontMatter.draft === true,
    // `pagefind: false` leaves a page out of Starlight's Pagefind search.
    excludesFromSearch: (_file, frontMatter) => frontMatter.pagefind === false,
    headingText: (heading) => plainText(heading),
    assignAnchors: astroAnchors,
    pagePath(file, frontMatter) {
      const slug = stringSetting(frontMatter.slug)?.replace(/^\/+|\/+$/g, '') ?? entryId(file.relativeFile);
      return slug === '' ? `${prefix}/` : joinUrlPath(prefix, `${slug}${trailing}`);
    },
    localeOf: (pagePath) => localeOfPath(pagePath, locales),
  };
}

/** Astro's content entry id: each path segment slugged, `index` dropped (`Guides/Intro.md` → `guides/intro`). */
function entryId(relativeFile: string): string {
  const segments = relativeFile.replace(/\.mdx?$/i, '').split('/').map((segment) => githubSlug(segment));
  if (segments.at(-1) === 'index') segments.pop();
  return segments.join('/');
}

/**
 * A page's hero (front matter `hero`, shown on splash pages above the content): its title, when
 * it is not the page's title, as a bold line, then its tagline, then its actions (the buttons
 * under it) as a list of links, as the page's first text.
 */
function addHero(tree: Root, sourceFile: string): void {
  const yaml = tree.children[0];
  if (yaml?.type !== 'yaml') return;
  const frontMatter = parseFrontMatter(yaml.value, sourceFile);
  const hero = objectSetting(frontMatter.hero);
  if (hero === undefined) return;
  const title = stripHtml(stringSetting(hero.title) ?? '');
  const tagline = stripHtml(stringSetting(hero.tagline) ?? '');
  const lines: RootContent[] = [];
  if (title !== '' && title !== stringSetting(frontMatter.title)) lines.push(boldLine(title));
  if (tagline !== '') lines.push({ type: 'paragraph', children: [text(tagline)] });
  const actions = heroActions(hero.actions);
  if (actions.length > 0) lines.push({ type: 'list', ordered: false, spread: false, children: actions });
  tree.children.splice(1, 0, ...lines);
}

/**
 * A hero's `actions` (`{ text, link, icon, variant }`, shown as link buttons) as list items of
 * links: their text, as Starlight shows it (not as HTML), linked to their address, which is
 * rewritten like any link of the page. An action without text or link is left out.
 */
function heroActions(actions: unknown): ListItem[] {
  if (!Array.isArray(actions)) return [];
  return actions.flatMap((action): ListItem[] => {
    const fields = objectSetting(action);
    const label = stringSetting(fields?.text)?.trim() ?? '';
    const link = stringSetting(fields?.link)?.trim() ?? '';
    if (label === '' || link === '') return [];
    return [{ type: 'listItem', spread: false, children: [{ type: 'paragraph', children: [{ type: 'link', url: link, children: [text(label)] }] }] }];
  });
}
