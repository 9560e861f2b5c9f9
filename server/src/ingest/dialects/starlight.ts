import { readFile } from 'node:fs/promises';
import type { Root, RootContent } from 'mdast';
import { astroAnchors, githubSlug } from '../anchors';
import { objectSetting, readConfigLiterals, stringSetting } from '../config-literals';
import { dropNonContentHtml, restoreInlineDirectives } from '../common-transforms';
import { flattenContainers, normalizeContainerFences } from '../directive-containers';
import { parseFrontMatter } from '../front-matter';
import { includeBoundary } from '../included-files';
import type { DocsLocale } from '../ingested-docs';
import { localeFolders, localeOfPath, normalizeLocale } from '../locales';
import { parseMarkdown, plainText } from '../markdown-parser';
import { boldLine, rewriteTree, text } from '../mdast-edits';
import { starlightCode } from '../mdx-components';
import { flattenMdxWithImports, pageChain, type PartialChain } from '../mdx-imports';
import { stripHtml } from '../safe-markup';
import { applyChangeMarkers } from './code-line-marks';
import type { Dialect, DialectOptions } from './dialect';
import { joinUrlPath, normalizePrefix } from './dialect';

/** Starlight settings read statically from `astro.config.*`. */
interface StarlightConfig {
  base?: string;
  trailingSlash?: string;
  /** Locale folder keys (`root` for the top level) with their `lang`. */
  locales: Array<{ key: string; lang?: string }>;
  defaultLocale?: string;
}

async function readStarlightConfig(configFile: string | undefined): Promise<StarlightConfig> {
  if (configFile === undefined) return { locales: [] };
  const config = readConfigLiterals(await readFile(configFile, 'utf8'));
  const result: StarlightConfig = {
    locales: Object.entries(objectSetting(config.setting('locales')) ?? {}).map(([key, value]) => {
      const lang = stringSetting(objectSetting(value)?.lang);
      return lang === undefined ? { key } : { key, lang };
    }),
  };
  const base = stringSetting(config.setting('base'));
  const trailingSlash = stringSetting(config.setting('trailingSlash'));
  const defaultLocale = stringSetting(config.setting('defaultLocale'));
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
 *   imported with `?raw`); an imported partial (`import Setup from '../partials/setup.mdx'` …
 *   `<Setup pkg="x" />`) replaced by its content, its `{props.pkg}` by string props; other
 *   `import` lines and `{expressions}` dropped; Expressive Code's
 *   line markers (`del={2}`, `ins={3-4}`, ```` ```diff lang="js" ````) as `// removed` and
 *   `// added` comments on the lines they mark; a splash page's `hero` title (when not the
 *   page title) and tagline as its first lines.
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
  const headings = { headingText: plainText, assignAnchors: astroAnchors };

  const parseFile = async (source: string, file: string, dependencies: string[], chain: PartialChain): Promise<{ tree: Root; text: string }> => {
    const mdx = file.endsWith('.mdx');
    const text = normalizeContainerFences(source);
    const tree: Root = parseMarkdown(text, { mdx, directives: true });
    restoreInlineDirectives(tree, text);
    if (mdx) {
      const parsePartial = async (partialSource: string, partialFile: string, partialChain: PartialChain) => (await parseFile(partialSource, partialFile, dependencies, partialChain)).tree;
      await flattenMdxWithImports(tree, { file, chain, boundary, headings, dependencies, parsePartial }, (rawFiles) => ({ Code: starlightCode(rawFiles) }));
    }
    flattenContainers(tree);
    dropNonContentHtml(tree);
    return { tree, text };
  };

  return {
    generator: 'starlight',
    fingerprint: `starlight:3:${boundary}`,
    locales,
    defaultLocale: locales[0]?.code ?? 'en',
    // Astro's content loader skips files and folders whose name starts with `_` (partials).
    isPage: (file) => !file.relativeFile.split(/[\\/]/).some((segment) => segment.startsWith('_')),
    async parse(source, file) {
      const dependencies: string[] = [];
      const { tree, text } = await parseFile(source, file.sourceFile, dependencies, pageChain(file.sourceFile));
      // Once, on the whole page: a second pass over a partial's code would mark its lines twice.
      rewriteTree(tree, (node) => {
        if (node.type === 'code') applyChangeMarkers(node);
        return undefined;
      });
      addHero(tree, file.sourceFile);
      return { tree, text, dependencies };
    },
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
 * it is not the page's title, as a bold line, then its tagline, as the page's first text.
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
  tree.children.splice(1, 0, ...lines);
}
