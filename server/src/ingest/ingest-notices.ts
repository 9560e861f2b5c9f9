import type { IngestedPage, IngestNotice } from './ingested-docs';

/** How many pages a notice names before "and N more". */
const namedPages = 3;

/**
 * The notices of a docs folder (see `IngestedDocs.notices`): the pages its generator's syntax
 * could not be read in (read as plain Markdown instead, naming the first place to fix); for each
 * build-time plugin, the pages it fills in from outside the folder (what it generates is not in
 * the index). There is no
 * notice for a page merely because it has no text: measured on the development corpora, such
 * pages were home pages drawn from front matter (`layout: home`), 404 pages and blog indexes,
 * never a page a reader asks about.
 *
 * @param buildTimePlugins the plugins each page's source calls, by page path (see `Dialect.buildTimePlugins`)
 */
export function ingestNotices(
  pages: readonly IngestedPage[],
  buildTimePlugins: ReadonlyMap<string, readonly string[]>,
  syntaxErrors: ReadonlyMap<string, string> = new Map(),
  generator = 'the generator',
): IngestNotice[] {
  return [...syntaxNotices(pages, syntaxErrors, generator), ...pluginNotices(pages, buildTimePlugins)];
}

// One notice for every page read as plain Markdown, naming where the first one failed.
function syntaxNotices(pages: readonly IngestedPage[], syntaxErrors: ReadonlyMap<string, string>, generator: string): IngestNotice[] {
  const failed = pages.filter((page) => syntaxErrors.has(page.path)).map((page) => page.path);
  const [first] = failed;
  if (first === undefined) return [];
  const one = failed.length === 1;
  return [
    {
      message: `${pageCount(failed.length)} ${one ? 'is' : 'are'} not valid for ${generator} and ${one ? 'was' : 'were'} read as plain Markdown, components as text: ${one ? '' : 'the first, '}${syntaxErrors.get(first)}`,
      pages: failed,
      remedy: 'fix the syntax at that place (in MDX, `{` and `<` start code: write `\\{` and `\\<` for the characters themselves)',
    },
  ];
}

function pluginNotices(pages: readonly IngestedPage[], buildTimePlugins: ReadonlyMap<string, readonly string[]>): IngestNotice[] {
  const byPlugin = new Map<string, string[]>();
  for (const page of pages) {
    for (const plugin of buildTimePlugins.get(page.path) ?? []) {
      const paths = byPlugin.get(plugin);
      if (paths === undefined) byPlugin.set(plugin, [page.path]);
      else paths.push(page.path);
    }
  }
  return [...byPlugin]
    .sort(([left], [right]) => (left < right ? -1 : 1))
    .map(([plugin, paths]) => ({
      message: `${pageCount(paths.length)} ${paths.length === 1 ? 'gets' : 'get'} part of ${paths.length === 1 ? 'its' : 'their'} content from ${plugin} when the site is built, and the sources do not hold it`,
      pages: paths,
      remedy: 'to answer from it, point `docs` at the built site (the HTML folder the build writes, e.g. `site/`)',
    }));
}

/**
 * A notice as one line, naming its first pages.
 *
 * @example formatNotice(notice) // "2 pages get part of their content from mkdocstrings … (/api/, /plugins/); to answer from it, …"
 */
export function formatNotice(notice: IngestNotice): string {
  const named = notice.pages.slice(0, namedPages).join(', ');
  const more = notice.pages.length > namedPages ? ` and ${notice.pages.length - namedPages} more` : '';
  return `${notice.message} (${named}${more}); ${notice.remedy}.`;
}

function pageCount(count: number): string {
  return count === 1 ? '1 page' : `${count} pages`;
}
