import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isScalar, parseDocument } from 'yaml';
import type { Node as YamlNode } from 'yaml';
import type { IncludeMarkdownSettings } from './mkdocs-include-markdown';
import { includeMarkdownSettings } from './mkdocs-include-markdown';
import type { NotebookSettings } from '../notebook-pages';

/** The MkDocs settings that shape pages, URLs and anchors. */
export interface MkdocsConfig {
  /** Folder of `mkdocs.yml` (where relative snippet paths start). */
  configFolder: string;
  /** `use_directory_urls` (default `true`). */
  directoryUrls: boolean;
  /** Path of `site_url` (`https://x.github.io/project/` → `/project`), or `''`. */
  sitePath: string;
  /** `theme.language` (default `en`). */
  language: string;
  /** Whether the toc slugify keeps non-ASCII letters (`pymdownx.slugs.slugify`, `slugify_unicode`). */
  unicodeSlugs: boolean;
  /** `pymdownx.snippets` `base_path` entries, absolute. */
  snippetBasePaths: string[];
  /** `pymdownx.snippets` `restrict_base_path` (default `true`): snippets only from inside their base path. */
  snippetsRestricted: boolean;
  /** `pymdownx.snippets` `auto_append`: snippet paths appended to every page (link and abbreviation definitions). */
  snippetAutoAppend: string[];
  /** The include-markdown plugin's settings, when `plugins` enables it. */
  includeMarkdown?: IncludeMarkdownSettings;
  /** Which `.ipynb` files are pages and what of them is shown, when a notebook plugin is enabled. */
  notebooks?: MkdocsNotebooks;
  /**
   * Whether mkdocs-autorefs resolves reference links the page does not define
   * (`[Model][pydantic.BaseModel]`, `[config][]`) to API and heading anchors: `plugins` lists
   * autorefs, or mkdocstrings, which brings it.
   */
  autorefs: boolean;
  /**
   * `exclude_docs` and `draft_docs` (gitignore-style lines): files a build does not publish, with
   * MkDocs' own default, the `templates/` folder at the top of the docs.
   */
  unpublished: string;
}

/**
 * The notebooks a notebook plugin publishes: mkdocs-jupyter's `include` and `ignore` (path
 * patterns matched from the right, as Python's `PurePath.match`), `ignore_h1_titles`,
 * `show_input`/`no_input` and `remove_tag_config`; mknotebooks publishes every notebook whole.
 */
export interface MkdocsNotebooks extends NotebookSettings {
  /** Patterns of the notebooks that are pages (default `*.ipynb`). */
  include: string[];
  /** Patterns of notebooks that are not, checked first. */
  ignore: string[];
  /** `ignore_h1_titles`: the page is titled from its file name, not its first `#` heading. */
  fileNameTitles: boolean;
}

/**
 * Reads `mkdocs.yml` with the `yaml` package. Python-specific tags (`!!python/name:…`,
 * `!!python/object/apply:…`, `!ENV`) are tolerated: their values read as plain data, and the
 * toc `slugify` tag is inspected by name.
 */
export async function readMkdocsConfig(configFile: string | undefined, docsRoot: string): Promise<MkdocsConfig> {
  const configFolder = configFile === undefined ? path.dirname(docsRoot) : path.dirname(configFile);
  const defaults: MkdocsConfig = { configFolder, directoryUrls: true, sitePath: '', language: 'en', unicodeSlugs: false, snippetBasePaths: [configFolder], snippetsRestricted: true, snippetAutoAppend: [], unpublished: '/templates/', autorefs: false };
  if (configFile === undefined) return defaults;
  const document = parseDocument(await readFile(configFile, 'utf8'), { logLevel: 'silent' });
  const data = (document.toJS({ maxAliasCount: 1000 }) ?? {}) as Record<string, unknown>;
  const config = { ...defaults };
  if (typeof data.use_directory_urls === 'boolean') config.directoryUrls = data.use_directory_urls;
  // exclude_docs replaces the default exclusions; draft_docs adds pages only `mkdocs serve` shows.
  const excluded = typeof data.exclude_docs === 'string' ? data.exclude_docs : config.unpublished;
  config.unpublished = [excluded, typeof data.draft_docs === 'string' ? data.draft_docs : ''].join('\n');
  if (typeof data.site_url === 'string') {
    try {
      config.sitePath = new URL(data.site_url).pathname.replace(/\/+$/, '');
    } catch {
      // Not a URL: served from the root.
    }
  }
  const theme = data.theme as Record<string, unknown> | undefined;
  if (typeof theme?.language === 'string') config.language = theme.language;
  const extensions = extensionOptions(document.get('markdown_extensions', true) as YamlNode | undefined);
  const slugifyTag = extensions.get('toc')?.get('slugify', true);
  const tag = (slugifyTag as { tag?: string } | undefined)?.tag ?? '';
  config.unicodeSlugs = /slugify_unicode|uslugify|pymdownx\.slugs\.slugify/.test(tag);
  const snippets = extensions.get('pymdownx.snippets')?.toJS(document) as Record<string, unknown> | undefined;
  const basePath = snippets?.base_path;
  const bases = strings(typeof basePath === 'string' ? [basePath] : basePath);
  if (bases.length > 0) config.snippetBasePaths = bases.map((base) => path.resolve(configFolder, base));
  if (snippets?.restrict_base_path === false) config.snippetsRestricted = false;
  if (Array.isArray(snippets?.auto_append)) config.snippetAutoAppend = strings(snippets.auto_append);
  const includeMarkdown = pluginOptions(data.plugins, 'include-markdown');
  if (includeMarkdown !== undefined) config.includeMarkdown = includeMarkdownSettings(includeMarkdown);
  config.autorefs = pluginOptions(data.plugins, 'autorefs') !== undefined || pluginOptions(data.plugins, 'mkdocstrings') !== undefined;
  const notebooks = notebookSettings(data.plugins);
  if (notebooks !== undefined) config.notebooks = notebooks;
  return config;
}

/** The strings of a YAML list (`[]` for anything else). */
function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function notebookSettings(plugins: unknown): MkdocsNotebooks | undefined {
  const jupyter = pluginOptions(plugins, 'mkdocs-jupyter');
  if (jupyter === undefined) return pluginOptions(plugins, 'mknotebooks') === undefined ? undefined : { include: ['*.ipynb'], ignore: [], fileNameTitles: false };
  // `.py` and `.md` notebooks (jupytext) need jupytext to read; only `.ipynb` patterns are kept.
  const include = Array.isArray(jupyter.include) ? strings(jupyter.include).filter((pattern) => /\.ipynb$|\*$/.test(pattern)) : ['*.ipynb'];
  const tags = (typeof jupyter.remove_tag_config === 'object' && jupyter.remove_tag_config !== null ? jupyter.remove_tag_config : {}) as Record<string, unknown>;
  return {
    include,
    ignore: strings(jupyter.ignore),
    fileNameTitles: jupyter.ignore_h1_titles === true,
    showInput: jupyter.no_input !== true && jupyter.show_input !== false,
    removeCellTags: strings(tags.remove_cell_tags),
    removeInputTags: strings(tags.remove_input_tags),
    removeOutputTags: strings(tags.remove_all_outputs_tags),
  };
}

/**
 * The options of a plugin `plugins` enables (a list of names and `name: options` maps, or one
 * map of them), `{}` for a plugin named without options, `undefined` when it is absent or has
 * `enabled: false`.
 */
export function pluginOptions(plugins: unknown, name: string): Record<string, unknown> | undefined {
  const entries = Array.isArray(plugins) ? plugins : [plugins];
  for (const entry of entries) {
    if (entry === name) return {};
    if (typeof entry !== 'object' || entry === null || !(name in entry)) continue;
    const options = (entry as Record<string, unknown>)[name];
    const record = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
    return record.enabled === false ? undefined : record;
  }
  return undefined;
}

/** `markdown_extensions` items that carry options, by extension name. */
function extensionOptions(list: YamlNode | undefined): Map<string, { get(key: string, keepNode: true): unknown; toJS(document: unknown): unknown }> {
  const options = new Map();
  const items = (list as { items?: unknown[] } | undefined)?.items ?? [];
  for (const item of items) {
    if (!isMap(item)) continue;
    for (const pair of item.items) {
      if (isScalar(pair.key) && isMap(pair.value)) options.set(String(pair.key.value), pair.value);
    }
  }
  return options;
}
