import type { Heading } from 'mdast';
import GithubSlugger from 'github-slugger';
import { githubAnchors } from '../anchors';
import { dropNonContentHtml, flattenAlerts, githubAlerts } from '../common-transforms';
import { localeFolders, localeOfPath, siteLocales } from '../locales';
import { parseMarkdown, plainText } from '../markdown-parser';
import { flattenMdx } from '../mdx-components';
import type { Dialect, DialectOptions, PageFile } from './dialect';
import { joinUrlPath, normalizePrefix } from './dialect';

/** The path prefix plain Markdown pages are served under when none is configured. */
export const defaultGfmPathPrefix = '/docs';

/**
 * The text GitHub makes a heading's anchor from, for a heading written as Markdown
 * (`## The [\`data-*\`](./x.md) options`): parsed with the same parser as ingestion, so a
 * renderer using it gives the anchors the index cites.
 *
 * @example gfmHeadingText('## The `data-*` [options](./options.md)') === 'The data-* options'
 */
export function gfmHeadingText(headingMarkdown: string): string {
  const heading = parseMarkdown(headingMarkdown).children[0];
  return heading?.type === 'heading' ? plainText(heading) : plainText(parseMarkdown(headingMarkdown));
}

/**
 * One page's anchor maker by GitHub's rules, for renderers that meet headings one at a time in
 * document order (repeats get `-1`, `-2`): the same anchors `ingestDocs` gives plain Markdown.
 *
 * @example const anchor = gfmAnchorSlugger(); anchor('Setup') === 'setup'; anchor('Setup') === 'setup-1'
 */
export function gfmAnchorSlugger(): (headingText: string) => string {
  const slugger = new GithubSlugger();
  return (headingText) => slugger.slug(headingText);
}

/**
 * Plain GitHub-flavoured Markdown: github-slugger anchors, `index.md` (or a `README.md` without
 * an index beside it) is its folder's page, URLs without extension under the prefix (default
 * `/docs`): `guides/theming.md` → `/docs/guides/theming`, `guides/index.md` → `/docs/guides/`.
 * Top-level folders named by a locale code (`fr/`, `pt-br/`) are translations. `.mdx` pages are
 * read as MDX, their components reduced to their content. Alerts (`> [!NOTE]`) read as their
 * content, like other dialects' containers.
 */
export function createGfmDialect(options: DialectOptions): Dialect {
  const prefix = normalizePrefix(options.pathPrefix ?? defaultGfmPathPrefix);
  const folderIndexes = new Set(options.files.filter((file) => /(^|\/)index\.mdx?$/i.test(file)).map((file) => file.replace(/[^/]*$/, '')));
  const defaultLocale = options.settings.defaultLocale ?? 'en';
  const locales = siteLocales(defaultLocale, localeFolders(options.files), prefix);
  return {
    generator: 'gfm',
    fingerprint: 'gfm:6',
    locales,
    defaultLocale: locales[0]?.code ?? 'en',
    isPage: () => true,
    async parse(source, file) {
      const mdx = file.relativeFile.endsWith('.mdx');
      const tree = parseMarkdown(source, { mdx });
      if (mdx) flattenMdx(tree);
      flattenAlerts(tree, githubAlerts);
      dropNonContentHtml(tree);
      return { tree, text: source, dependencies: [] };
    },
    headingText: (heading: Heading) => plainText(heading),
    assignAnchors: githubAnchors,
    pagePath: (file: PageFile) => joinUrlPath(prefix, folderPagePath(file.relativeFile, folderIndexes)),
    localeOf: (pagePath) => localeOfPath(pagePath, locales),
  };
}

/**
 * `guide/deploy.md` → `guide/deploy`; `guide/index.md` → `guide/`; `guide/README.md` → `guide/`
 * unless the folder also has an index page. Without `foldersWithIndex`, only `index` is a
 * folder's page (Mintlify).
 */
export function folderPagePath(relativeFile: string, foldersWithIndex?: ReadonlySet<string>): string {
  const withoutExtension = relativeFile.replace(/\.mdx?$/i, '');
  const slash = withoutExtension.lastIndexOf('/');
  const folder = withoutExtension.slice(0, slash + 1);
  const name = withoutExtension.slice(slash + 1).toLowerCase();
  if (name === 'index' || (name === 'readme' && foldersWithIndex !== undefined && !foldersWithIndex.has(folder))) return folder;
  return withoutExtension;
}
