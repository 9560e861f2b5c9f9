import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Heading, PhrasingContent } from 'mdast';
import { sphinxAnchors } from '../anchors';
import { matchesGlob } from '../path-glob';
import { includeBoundary } from '../included-files';
import { plainText } from '../markdown-parser';
import { normalizeLocale } from '../locales';
import { scanRstOutline } from './rst-blocks';
import { normalizeRstName, parseRstInline, splitTarget } from './rst-inline';
import { readSphinxConfig, sphinxConfigFrom, type SphinxConfig } from './sphinx-config';
import { readMystPage, scanMystOutline } from './sphinx-myst';
import { collectDefinitions, readRstPage, type SphinxSite } from './sphinx-rst';
import { joinUrlPath, normalizePrefix, pathInside, type Dialect, type DialectOptions, type PageFile } from './dialect';

/**
 * Sphinx: pages are the source files of the folder holding `conf.py` (`.rst`, and `.md` when
 * MyST is among its extensions, as `source_suffix` says) outside `exclude_patterns` and `_build`;
 * each is served at its document name plus `.html` (`how-to/fixtures.rst` → `/how-to/fixtures.html`,
 * `html_file_suffix` when set; with `cleanUrls`, as the `dirhtml` builder serves them:
 * `/how-to/fixtures/`). Headings take docutils' ids (`Getting started` → `getting-started`, a
 * repeated title `id1`, `id2`…), documented objects the ids Sphinx gives them
 * (`pytest.approx`, `envvar-PYTEST_ADDOPTS`, `cmdoption-pytest-k`). `:ref:` and `:doc:` show the
 * title of the section or page they point to, as Sphinx does, so every page's title and labels
 * are read when the dialect is made.
 */
export async function createSphinxDialect(options: DialectOptions): Promise<Dialect> {
  const config: SphinxConfig = options.configFile === undefined ? sphinxConfigFrom(options.root, {}) : await readSphinxConfig(options.configFile);
  const prefix = normalizePrefix(options.pathPrefix ?? '');
  const language = normalizeLocale(options.settings.defaultLocale ?? config.language ?? 'en');
  const cleanUrls = options.settings.cleanUrls === true;
  const sourcePath = (file: PageFile) => pathInside(config.source, file);
  const suffixOf = (relative: string) => config.suffixes.find((suffix) => relative.toLowerCase().endsWith(suffix.toLowerCase()));
  const excluded = (relative: string) =>
    config.excludePatterns.some((pattern) => relative === pattern || relative.startsWith(`${pattern.replace(/\/+$/, '')}/`) || matchesGlob(relative, pattern)) ||
    relative.split('/').some((segment) => segment.startsWith('.'));
  const docnameOf = (relative: string) => relative.slice(0, relative.length - (suffixOf(relative)?.length ?? path.posix.extname(relative).length));

  const documentUrl = (docname: string, anchor?: string) => {
    let inner: string;
    if (cleanUrls) inner = docname === 'index' ? '' : docname.endsWith('/index') ? `${docname.slice(0, -'index'.length)}` : `${docname}/`;
    else inner = `${docname}${config.fileSuffix}`;
    return joinUrlPath(prefix, inner) + (anchor === undefined || anchor === '' ? '' : `#${anchor}`);
  };

  const settings = config.settings;
  const substitutions = new Map<string, string>();
  // Sphinx always defines |version|, |release| and |today|: empty when conf.py computes them.
  for (const name of ['version', 'release', 'today']) substitutions.set(name, typeof settings[name] === 'string' ? (settings[name] as string) : '');
  // `rst_prolog` and `rst_epilog` are read with every page: their substitutions and targets count everywhere.
  const targets = new Map<string, string>();
  collectDefinitions([settings.rst_prolog, settings.rst_epilog].filter((value): value is string => typeof value === 'string').join('\n'), targets, substitutions);
  // Titles and labels of every page, for `:doc:` and `:ref:` (Sphinx resolves them across the site).
  const titles = new Map<string, string>();
  const docnames = new Set<string>();
  const labels = new Map<string, { docname: string; title?: string }>();
  const sources = [...options.files, ...(options.restructuredText ?? [])];
  for (const relativeFile of sources) {
    const relative = pathInside(config.source, { relativeFile, sourceFile: path.join(options.root, relativeFile) });
    if (relative === undefined || suffixOf(relative) === undefined || excluded(relative)) continue;
    let text: string;
    try {
      text = readFileSync(path.join(options.root, relativeFile), 'utf8');
    } catch {
      continue;
    }
    const myst = relative.toLowerCase().endsWith('.md');
    const outline = myst ? scanMystOutline(text) : scanRstOutline(text);
    // A reStructuredText title is shown as Sphinx shows it: its markup read (``code``, roles), not as written.
    const shown = (title: string) => (myst ? title : plainRstTitle(title, substitutions));
    const docname = docnameOf(relative);
    docnames.add(docname);
    if (outline.title !== undefined) titles.set(docname, shown(outline.title));
    for (const label of outline.labels) labels.set(normalizeRstName(label.name), { docname, ...(label.title === undefined ? {} : { title: shown(label.title) }) });
  }
  const extlinks = new Map<string, { url: string; caption?: string }>();
  if (settings.extlinks !== null && typeof settings.extlinks === 'object' && !Array.isArray(settings.extlinks)) {
    for (const [name, value] of Object.entries(settings.extlinks as Record<string, unknown>)) {
      if (!Array.isArray(value) || typeof value[0] !== 'string') continue;
      extlinks.set(name, { url: value[0], ...(typeof value[1] === 'string' ? { caption: value[1] } : {}) });
    }
  }
  const site: SphinxSite = {
    source: config.source,
    boundary: includeBoundary(options.root, options.configFile),
    documentUrl,
    documentTitle: (docname) => titles.get(docname),
    documentExists: (docname) => docnames.has(docname),
    label: (name) => labels.get(name),
    extlinks,
    substitutions,
    functionParentheses: settings.add_function_parentheses !== false,
    targets,
    mystExtensions: new Set(Array.isArray(settings.myst_enable_extensions) ? settings.myst_enable_extensions.filter((entry): entry is string => typeof entry === 'string') : []),
  };
  if (typeof settings.highlight_language === 'string') site.highlightLanguage = settings.highlight_language;
  if (typeof settings.default_role === 'string' && settings.default_role !== '') site.defaultRole = settings.default_role;
  const settingsHash = createHash('sha256').update(JSON.stringify([settings, [...titles], [...labels]])).digest('hex').slice(0, 16);

  return {
    generator: 'sphinx',
    fingerprint: `sphinx:1:${config.source}:${prefix}:${cleanUrls}:${settingsHash}`,
    locales: [{ code: language, pathPrefix: prefix }],
    defaultLocale: language,
    readsRestructuredText: true,
    isPage: (file) => {
      const relative = sourcePath(file);
      return relative !== undefined && suffixOf(relative) !== undefined && !excluded(relative);
    },
    async parse(source, file) {
      const relative = sourcePath(file) ?? file.relativeFile;
      if (relative.toLowerCase().endsWith('.md')) {
        const page = readMystPage(source, relative, site);
        return { tree: page.tree, text: page.text, dependencies: page.dependencies };
      }
      const page = readRstPage(source, relative, site);
      return { tree: page.tree, text: source, dependencies: page.dependencies };
    },
    buildTimePlugins: (source) => (/^\s*(?:\.\. |```\{|:::\{)auto(?:module|class|function|method|attribute|data|exception|program|summary)\b/m.test(source) ? ['autodoc'] : []),
    headingText: (heading: Heading) => plainText(heading),
    assignAnchors: sphinxAnchors,
    pagePath: (file) => documentUrl(docnameOf(sourcePath(file) ?? file.relativeFile)),
    localeOf: () => language,
  };
}

/** A reStructuredText title as plain text: ``literals`` and roles as their text (`:doc:`python:library/pdb`` as `python:library/pdb`). */
function plainRstTitle(title: string, substitutions: ReadonlyMap<string, string>): string {
  const asText = (value: string): PhrasingContent[] => [{ type: 'text', value }];
  return plainText(
    parseRstInline(title, {
      role: (_name, content) => asText(splitTarget(content).text.replace(/^[~!]/, '')),
      target: () => undefined,
      substitution: (name) => {
        const value = substitutions.get(name);
        return value === undefined ? undefined : asText(value);
      },
    }),
  ).trim();
}
