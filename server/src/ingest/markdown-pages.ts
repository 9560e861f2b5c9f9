import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocSection } from '../retrieval/sections';
import { githubAnchors } from './anchors';
import { defaultGfmPathPrefix, folderPagePath } from './dialects/gfm';
import { normalizePrefix } from './dialects/dialect';
import { pageFields, parseFrontMatter, refuseScriptFrontMatter } from './front-matter';
import type { IngestedPage } from './ingested-docs';
import { parseMarkdown, plainText } from './markdown-parser';
import { listDocsFiles, titleFromFileName } from './page-files';
import { splitPage } from './page-sections';
import { sanitizeMarkup } from './safe-markup';

/**
 * A plain-Markdown page with its raw body, for renderers (the demo site) and in-memory indexes:
 * an {@link IngestedPage}'s fields (its `path` maps `index.md` to its folder, `/docs/`) with the
 * Markdown body, without the front matter, instead of its sections.
 */
export type DocPage = Omit<IngestedPage, 'sections'> & {
  /** The Markdown body, without the front matter. */
  markdown: string;
};

/** Options of {@link loadDocPages}. */
export interface LoadDocPagesOptions {
  /** URL path the pages are served under. Default `'/docs'`; `''` serves them from the root. */
  pathPrefix?: string;
}

/**
 * Reads every `.md`/`.mdx` file of a folder as plain GFM pages with their Markdown bodies, by
 * the same rules (and so the same paths and titles) as `ingestDocs` with `generator: 'gfm'`.
 * For the demo site, which renders the bodies itself.
 *
 * @throws DocsFolderError when the folder is missing or a page's front matter is invalid.
 * @example const pages = await loadDocPages('demo/docs'); // [{ path: '/docs/', title: 'Introduction', markdown: '# Introduction…' }, …]
 */
export async function loadDocPages(folder: string, options: LoadDocPagesOptions = {}): Promise<DocPage[]> {
  const root = path.resolve(folder);
  const prefix = normalizePrefix(options.pathPrefix ?? defaultGfmPathPrefix);
  const files = (await listDocsFiles(root)).markdown;
  const foldersWithIndex = new Set(files.filter((file) => /(^|\/)index\.mdx?$/i.test(file)).map((file) => file.replace(/[^/]*$/, '')));
  const pages = await Promise.all(
    files.map(async (relativeFile) => {
      const sourceFile = path.join(root, relativeFile);
      const source = (await readFile(sourceFile, 'utf8')).replace(/^\uFEFF/, '');
      refuseScriptFrontMatter(source, sourceFile);
      const tree = parseMarkdown(source);
      const first = tree.children[0];
      const frontMatter = first?.type === 'yaml' ? parseFrontMatter(first.value, sourceFile) : {};
      const fields = pageFields(frontMatter, sourceFile);
      const bodyStart = first?.type === 'yaml' ? (first.position?.end.offset ?? 0) : 0;
      const heading = tree.children.find((node) => node.type === 'heading' && node.depth === 1);
      const page: DocPage = {
        path: `${prefix}/${folderPagePath(relativeFile, foldersWithIndex)}`,
        sourceFile,
        title: fields.title ?? (heading === undefined ? undefined : plainText(heading)) ?? titleFromFileName(relativeFile),
        groups: fields.groups,
        markdown: source.slice(bodyStart).replace(/^\s*\n/, ''),
      };
      if (fields.description !== undefined) page.description = fields.description;
      if (fields.version !== undefined) page.version = fields.version;
      if (fields.language !== undefined) page.language = fields.language;
      return page;
    }),
  );
  return pages.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
}

/**
 * Splits an in-memory plain-Markdown page into its sections (GFM rules: github-slugger anchors),
 * ready for `DocsIndex.fromPages`. For tests and programs that build an index from strings.
 *
 * @example DocsIndex.fromPages(pages.map((page) => pageWithSections(page)))
 */
export function pageWithSections(page: Omit<DocPage, 'sourceFile'> & { sourceFile?: string }, options: { siteUrl?: string } = {}): IngestedPage {
  const siteUrl = (options.siteUrl ?? '').trim().replace(/\/+$/, '');
  const tree = parseMarkdown(page.markdown);
  sanitizeMarkup(tree);
  const split = splitPage(tree, page.markdown, { headingText: (heading) => plainText(heading), assignAnchors: githubAnchors });
  const sections = split.sections.map((draft): DocSection => {
    const id = draft.anchor === undefined ? page.path : `${page.path}#${draft.anchor}`;
    const section: DocSection = {
      id,
      pagePath: page.path,
      pageTitle: page.title,
      heading: draft.heading ?? page.title,
      headingTrail: draft.headingTrail,
      url: siteUrl + id,
      markdown: draft.markdown,
      groups: page.groups,
    };
    if (draft.anchor !== undefined) section.anchor = draft.anchor;
    if (page.version !== undefined) section.version = page.version;
    if (page.language !== undefined) section.language = page.language;
    return section;
  });
  const result: IngestedPage = { path: page.path, sourceFile: page.sourceFile ?? page.path, title: page.title, groups: page.groups, sections };
  if (page.description !== undefined) result.description = page.description;
  if (page.version !== undefined) result.version = page.version;
  if (page.language !== undefined) result.language = page.language;
  return result;
}
