import path from 'node:path';
import type { Heading, PhrasingContent, Root, RootContent, Table, TableCell, TableRow } from 'mdast';
import { DocutilsIds, docutilsId, sphinxId } from '../anchors';
import { plainText } from '../markdown-parser';
import { includedCharactersPerPage, readIncludedFileSync, type IncludeSite } from '../included-files';
import { boldLine, setCustomId, setTargetNames } from '../mdast-edits';
import { dedent, readRstBlocks, type RstBlockContext, type RstDirective, type RstSectionStyles } from './rst-blocks';
import { normalizeRstName, parseRstInline, splitTarget, type RstInlineContext } from './rst-inline';

/** What reading one Sphinx page needs to know of the whole site. */
export interface SphinxSite {
  /** The source folder (where `conf.py` is): `/x.rst` in includes and `:doc:` starts here. */
  source: string;
  /** No file outside this folder is read. */
  boundary: string;
  /** A document's URL (with its `#anchor` when given), by document name (`how-to/fixtures`). */
  documentUrl(docname: string, anchor?: string): string;
  /** A document's title, by document name, when it has one. */
  documentTitle(docname: string): string | undefined;
  /** Whether the site has a document of that name (a page of its own). */
  documentExists(docname: string): boolean;
  /** Where a label (`.. _name:`) points: its document, and the title of the section it names. */
  label(name: string): { docname: string; title?: string } | undefined;
  /** `highlight_language`, when set. */
  highlightLanguage?: string;
  /** `default_role`, when set. */
  defaultRole?: string;
  /** `extlinks`: role name to its URL and caption patterns (`%s` for the text). */
  extlinks: Map<string, { url: string; caption?: string }>;
  /** Substitutions every page has: `|version|`, `|release|`, `rst_prolog`'s and `rst_epilog`'s. */
  substitutions: Map<string, string>;
  /** `add_function_parentheses` (default true): `:func:`foo`` shows `foo()`. */
  functionParentheses: boolean;
  /** Named hyperlink targets every page has (from `rst_prolog` and `rst_epilog`), by normalised name. */
  targets: Map<string, string>;
  /** `myst_enable_extensions` (`deflist`…), for MyST pages. */
  mystExtensions: ReadonlySet<string>;
}

/** A page read from reStructuredText. */
export interface RstPage {
  tree: Root;
  /** Files the page pulled in (includes, literal includes). */
  dependencies: string[];
}

// Admonitions: their content is what the reader wants; a generic one's title leads it.
const admonitions = new Set(['note', 'warning', 'tip', 'important', 'caution', 'danger', 'attention', 'hint', 'error', 'seealso', 'todo']);
const versionNotes: Record<string, string> = {
  versionadded: 'New in version',
  versionchanged: 'Changed in version',
  deprecated: 'Deprecated since version',
  versionremoved: 'Removed in version',
};
// Directives whose content is read as it stands, with their argument (if any) as a bold title.
const titledContainers = new Set(['admonition', 'topic', 'sidebar', 'tab', 'tab-item', 'dropdown', 'card', 'grid-item-card', 'details', 'group-tab']);
// (`class` is no container: Sphinx's `.. class::` documents a Python class; docutils' is `rst-class` there.)
const plainContainers = new Set(['ifconfig', 'container', 'rst-class', 'compound', 'tabs', 'tab-set', 'grid', 'grid-item', 'hlist', 'cssclass', 'div', 'centered', 'parsed-literal', 'tab-set-code', 'margin', 'epigraph', 'highlights', 'pull-quote']);
// Directives that hold no text for a reader (navigation, indexes, layout, media, build output).
const silent = new Set([
  'toctree', 'contents', 'index', 'meta', 'sectionauthor', 'codeauthor', 'moduleauthor', 'tabularcolumns', 'raw', 'image',
  'graphviz', 'digraph', 'graph', 'inheritance-diagram', 'plot', 'mermaid', 'uml', 'youtube', 'video', 'iframe',
  'autosummary', 'currentmodule', 'module', 'highlight', 'default-role', 'role', 'program', 'title', 'header', 'footer', 'sectnum', 'target-notes',
  'button-ref', 'button-link', 'spelling:word-list', 'program-output', 'command-output', 'jinja', 'exec',
]);
// Object descriptions of the Python domain, whose entries Sphinx gives the object's full name as id.
const pythonObjects = new Set(['function', 'class', 'method', 'classmethod', 'staticmethod', 'attribute', 'property', 'data', 'exception', 'decorator', 'decoratormethod', 'type']);
// Other object descriptions with an id of `<type>-<name>` (std domain and `add_object_type`).
const namedObjects = new Set(['envvar', 'confval', 'setting', 'fixture', 'event']);

/** How many files one page may read (includes, literal includes, CSV tables). */
const maximumFileReads = 200;


/** Document name of a path relative to the source folder, without its suffix. */
function docnameOf(relative: string): string {
  return relative.replace(/\.[^./]+$/, '');
}

/**
 * Reads one reStructuredText page the way Sphinx renders it, into plain mdast: sections,
 * directives (admonitions and version notes as their text, code blocks and literal includes as
 * code, includes read in place, tabs and cards as their content, tables, object descriptions
 * such as `.. function::` as entries named and anchored as Sphinx anchors them), roles (`:ref:`
 * and `:doc:` as links showing the target's title, `:func:`-like roles as code, `extlinks` as
 * links), substitutions and named hyperlinks.
 */
export function readRstPage(text: string, relativeFile: string, site: SphinxSite): RstPage {
  const reader = createSphinxPageReader(text, relativeFile, site);
  const tree: Root = { type: 'root', children: readRstBlocks(text.split(/\r?\n/), reader.blockContext, { styles: [] } satisfies RstSectionStyles) as Root['children'] };
  return { tree, dependencies: reader.dependencies };
}

/** What reading one Sphinx page shares between its reStructuredText and its MyST: roles, directives, includes and the page's state. */
export interface SphinxPageReader {
  inline(text: string): PhrasingContent[];
  role(name: string, content: string): PhrasingContent[];
  /** The block context of reStructuredText (a MyST page uses it for `{eval-rst}` and includes of `.rst`). */
  blockContext: RstBlockContext;
  directive(parsed: RstDirective, readBlocks: (lines: string[]) => RootContent[]): RootContent[];
  /** An included file's text, cut by the include's options, read inside the project. */
  includedText(parsed: RstDirective): { file: string; text: string } | undefined;
  dependencies: string[];
}

/** The reader of one page (see {@link readRstPage}); `text` is read for its named targets and substitutions. */
export function createSphinxPageReader(text: string, relativeFile: string, site: SphinxSite): SphinxPageReader {
  const dependencies: string[] = [];
  const includeSite: IncludeSite = { boundary: site.boundary, dependencies };
  const budget = { characters: includedCharactersPerPage };
  const docname = docnameOf(relativeFile);
  const pageFolder = path.posix.dirname(docname) === '.' ? '' : path.posix.dirname(docname);
  const state = {
    highlight: site.highlightLanguage,
    module: undefined as string | undefined,
    program: undefined as string | undefined,
    classes: [] as string[],
    depth: 1,
    objectDepth: 0,
    labels: [] as string[],
  };
  const targets = new Map<string, string>(site.targets);
  const substitutions = new Map<string, string>(site.substitutions);
  collectDefinitions(text, targets, substitutions);

  // The page's ids as docutils gives them, in document order: a name's id when it is free, else the next `idN`.
  const ids = new DocutilsIds();
  const idForName = (name: string | undefined) => ids.forName(name);
  const inlineContext: RstInlineContext = {
    role: (name, content) => role(name, content),
    takesId: (name) => void idForName(name),
    target: (name) => targets.get(name),
    substitution: (name) => {
      const value = substitutions.get(name);
      return value === undefined ? undefined : parseRstInline(value, { ...inlineContext, substitution: () => undefined });
    },
    ...(site.defaultRole === undefined ? {} : { defaultRole: site.defaultRole }),
  };
  const inline = (value: string) => parseRstInline(value, inlineContext);

  const resolveDoc = (target: string) => {
    const cleaned = target.replace(/\.(?:rst|md|txt)$/, '');
    return cleaned.startsWith('/') ? cleaned.slice(1) : path.posix.normalize(path.posix.join(pageFolder, cleaned));
  };
  const linkTo = (url: string, label: string): PhrasingContent => ({ type: 'link', url, children: [{ type: 'text', value: label }] });

  function role(name: string, content: string): PhrasingContent[] {
    const local = name.replace(/^(?:std|py|js|c|cpp|rst|math):/, '');
    const { text, target } = splitTarget(content);
    switch (local) {
      case 'ref':
      case 'numref':
      case 'keyword':
      case 'token': {
        const labelName = normalizeRstName((target ?? text).replace(/^~/, ''));
        const found = site.label(labelName);
        const shown = target !== undefined ? text : (found?.title ?? text);
        return found === undefined ? [{ type: 'text', value: shown }] : [linkTo(site.documentUrl(found.docname, docutilsId(labelName)), shown)];
      }
      case 'doc': {
        const docTarget = resolveDoc(target ?? text);
        const title = site.documentTitle(docTarget);
        const shown = target !== undefined ? text : (title ?? text);
        // A document of this site is linked; another project's (`python:library/pdb`, intersphinx) or a missing one is text.
        return site.documentExists(docTarget) ? [linkTo(site.documentUrl(docTarget), shown)] : [{ type: 'text', value: shown }];
      }
      case 'term':
      case 'abbr':
      case 'dfn':
      case 'sub':
      case 'sup':
      case 'title-reference':
      case 't':
        return [{ type: 'text', value: target !== undefined ? text : content.replace(/\\(.)/g, '$1') }];
      case 'emphasis':
        return [{ type: 'emphasis', children: [{ type: 'text', value: content }] }];
      case 'strong':
      case 'guilabel':
        return [{ type: 'strong', children: [{ type: 'text', value: content.replace(/&(\w)/g, '$1') }] }];
      case 'menuselection':
        return [{ type: 'strong', children: [{ type: 'text', value: content.replace(/\s*-->\s*/g, ' → ').replace(/&(\w)/g, '$1') }] }];
      case 'pep':
        return [{ type: 'text', value: `PEP ${content.replace(/#.*$/, '')}` }];
      case 'rfc':
        return [{ type: 'text', value: `RFC ${content.replace(/#.*$/, '')}` }];
      case 'download':
        return [{ type: 'text', value: text }];
      case 'math':
        return [{ type: 'inlineCode', value: content }];
      default:
        break;
    }
    const extlink = site.extlinks.get(local);
    if (extlink !== undefined) {
      const part = target ?? text;
      const shown = target !== undefined ? text : extlink.caption === undefined ? part : extlink.caption.replace('%s', part);
      return [linkTo(extlink.url.replace('%s', part), shown)];
    }
    // A cross-reference to an object (`:func:`, `:class:`, a project's own roles): its name, as code.
    let shown = target !== undefined ? text : content;
    if (target === undefined) {
      shown = shown.replace(/^!/, '');
      if (shown.startsWith('~')) shown = shown.slice(1).split('.').at(-1) ?? shown;
      shown = shown.replace(/^\./, '');
      if (site.functionParentheses && (local === 'func' || local === 'meth') && !shown.endsWith(')')) shown += '()';
    }
    return [{ type: 'inlineCode', value: shown.replace(/\\(.)/g, '$1') }];
  }

  let fileReads = 0;
  const readFileFrom = (argument: string): { file: string; text: string } | undefined => {
    const name = argument.trim();
    if (name === '' || /^<.*>$/.test(name)) return undefined;
    // Includes, literal includes and CSV files of one page, however many it names.
    if (++fileReads > maximumFileReads) return undefined;
    const file = name.startsWith('/') ? path.join(site.source, name) : path.join(site.source, pageFolder, name);
    const content = readIncludedFileSync(file, includeSite, budget);
    return content === undefined ? undefined : { file, text: content.replace(/^\uFEFF/, '') };
  };

  const directive = (parsed: RstDirective, readBlocks: (lines: string[]) => RootContent[]): RootContent[] => {
    const name = parsed.name.replace(/^(?:std|rst):/, '');
    const local = name.replace(/^py:/, '');
    const titled = (title: string, body: RootContent[]) => (title.trim() === '' ? body : [boldLine(inline(title.replace(/\n/g, ' '))), ...body]);
    if (name === 'highlight' || name === 'default-role') {
      if (name === 'highlight') state.highlight = parsed.argument.trim() || state.highlight;
      return [];
    }
    if (name === 'currentmodule' || name === 'module' || name === 'py:module' || name === 'py:currentmodule') {
      state.module = parsed.argument.trim() === 'None' ? undefined : parsed.argument.trim() || undefined;
      return [];
    }
    if (name === 'program') {
      state.program = parsed.argument.trim() || undefined;
      return [];
    }
    if (name.startsWith('auto') && !['autosummary'].includes(name)) {
      // Filled in from docstrings when the site is built (the dialect names such pages in a notice): its content is what the sources hold.
      return readBlocks(parsed.content);
    }
    if (silent.has(name)) return [];
    if (name === 'only') return htmlBuildIncludes(parsed.argument) ? readBlocks(parsed.content) : [];
    if (admonitions.has(name)) return readBlocks(parsed.body);
    if (name in versionNotes) {
      const [version = '', ...rest] = parsed.argument.split('\n');
      const lead = `${versionNotes[name]} ${version.trim()}${rest.length > 0 || parsed.content.length > 0 ? ':' : '.'}`;
      const explanation = readBlocks([...rest, ...(rest.length > 0 ? [''] : []), ...parsed.content]);
      const [first, ...others] = explanation;
      if (first?.type === 'paragraph') return [{ type: 'paragraph', children: [{ type: 'emphasis', children: [{ type: 'text', value: lead }] }, { type: 'text', value: ' ' }, ...first.children] }, ...others];
      return [{ type: 'paragraph', children: [{ type: 'emphasis', children: [{ type: 'text', value: lead }] }] }, ...explanation];
    }
    if (name === 'code-block' || name === 'sourcecode' || name === 'code' || name === 'productionlist' || name === 'math') {
      const language = name === 'math' ? 'latex' : parsed.argument.trim().split(/\s+/)[0] || state.highlight;
      const lines = name === 'productionlist' || name === 'math' ? parsed.body : parsed.content;
      return [code(dedentBy(lines, parsed.options.get('dedent')).join('\n'), language)];
    }
    if (name === 'literalinclude') {
      const included = readFileFrom(parsed.argument);
      if (included === undefined) return [];
      const language = parsed.options.get('language') ?? languageOfFile(included.file) ?? state.highlight;
      return [code(sliceLiteral(included.text, parsed.options), language)];
    }
    if (name === 'code-tab') {
      const language = parsed.argument.trim().split(/\s+/)[0];
      return [code(parsed.content.join('\n'), language === '' ? undefined : language)];
    }
    if (name === 'rubric') return [boldLine(inline(parsed.argument))];
    if (name === 'glossary') return readBlocks(parsed.content);
    // A figure's caption and legend are its text.
    if (name === 'figure') return readBlocks(parsed.content);
    if (titledContainers.has(name)) return titled(parsed.argument, readBlocks(parsed.content));
    if (plainContainers.has(name)) return readBlocks(name === 'parsed-literal' ? parsed.body : parsed.content.length > 0 ? parsed.content : parsed.body);
    if (name === 'list-table') return [...titled(parsed.argument, []), listTable(parsed, readBlocks, inline)];
    if (name === 'csv-table') return [...titled(parsed.argument, []), csvTable(parsed, inline, readFileFrom)];
    if (name === 'table') return titled(parsed.argument, readBlocks(parsed.content));
    if (pythonObjects.has(local) || namedObjects.has(local) || local === 'option' || local === 'cmdoption' || local === 'describe' || local === 'object') {
      return objectDescription(local, parsed, readBlocks);
    }
    // A directive of an extension this reader does not know: its content, when it has any, is the
    // text the extension renders around (tabs, panels, cards); its arguments alone are not content.
    return parsed.content.length > 0 ? readBlocks(parsed.content) : [];
  };

  const objectDescription = (type: string, parsed: RstDirective, readBlocks: (lines: string[]) => RootContent[]): RootContent[] => {
    const signatures = parsed.argument.split('\n').map((line) => line.trim()).filter(Boolean);
    const first = signatures[0] ?? '';
    let id: string | undefined;
    let shown: string;
    if (pythonObjects.has(type)) {
      const bare = first.replace(/^(?:(?:async|classmethod|staticmethod|abstractmethod|final|class|def|exception|property)\s+)+/, '');
      const name = /^[\w.]+/.exec(bare)?.[0] ?? bare;
      const module = parsed.options.get('module') ?? state.module;
      const owner = state.classes.at(-1);
      const qualified = owner !== undefined && !name.includes('.') ? `${owner}.${name}` : name;
      shown = module === undefined || module === '' ? qualified : `${module}.${qualified}`;
      id = shown;
      if (!parsed.options.has('noindex') && !parsed.options.has('no-index')) state.labels = [];
      else id = undefined;
      if (type === 'class' || type === 'exception') state.classes.push(qualified);
    } else if (type === 'option' || type === 'cmdoption') {
      const option = (/^[^\s,=[]+/.exec(first)?.[0] ?? first).replace(/^\//, '');
      shown = state.program === undefined ? first : `${state.program} ${first}`;
      id = sphinxId(`cmdoption${state.program === undefined ? '' : `-${state.program}`}-${option}`);
    } else if (namedObjects.has(type)) {
      const name = first.split(/\s+/)[0] ?? first;
      shown = name;
      id = sphinxId(`${type}-${name}`);
    } else shown = first;
    // Sphinx gives the entry its id as it reads the signature, before its content.
    if (id !== undefined && id !== '') ids.reserve(id);
    const signature: RootContent = { type: 'paragraph', children: signatures.flatMap((line, index) => [...(index > 0 ? [{ type: 'break' } as PhrasingContent] : []), { type: 'inlineCode', value: line } as PhrasingContent]) };
    state.objectDepth++;
    const body = readBlocks(parsed.content);
    state.objectDepth--;
    if (pythonObjects.has(type) && (type === 'class' || type === 'exception')) state.classes.pop();
    if (id === undefined || id === '') return [signature, ...body];
    const heading: Heading = { type: 'heading', depth: Math.min(6, state.depth + 1 + state.objectDepth) as Heading['depth'], children: [{ type: 'text', value: shown.replace(/\s*[([].*$/, '') || shown }] };
    setCustomId(heading, id);
    return [heading, signature, ...body];
  };

  const includedText = (parsed: RstDirective) => {
    const included = readFileFrom(parsed.argument);
    return included === undefined ? undefined : { file: included.file, text: sliceLiteral(included.text, parsed.options) };
  };
  const blockContext: RstBlockContext = {
    inline,
    directive,
    include: (parsed) => {
      const included = includedText(parsed);
      if (included === undefined) return undefined;
      if (parsed.options.has('literal') || parsed.options.has('code')) {
        const language = parsed.options.get('code') || languageOfFile(included.file);
        return [`.. code-block:: ${language ?? ''}`, '', ...included.text.split('\n').map((line) => `   ${line}`)];
      }
      collectDefinitions(included.text, targets, substitutions);
      return included.text.split(/\r?\n/);
    },
    label: (name) => {
      state.labels.push(name);
      idForName(name);
    },
    takesId: (name) => void idForName(name),
    heading: (heading) => {
      setTargetNames(heading, state.labels);
      // The section's own id: its title's, unless a label or another element took it first (then
      // the next `idN`). A title named like its own label (`.. _install:` over "Install") is
      // anchored at the label's id, which is on the section too and reads better.
      const titleId = docutilsId(plainText(heading));
      const assigned = idForName(plainText(heading));
      setCustomId(heading, titleId !== '' && state.labels.some((label) => docutilsId(label) === titleId) ? titleId : assigned);
      state.depth = heading.depth;
      state.labels = [];
    },
    literalLanguage: () => state.highlight,
  };
  return { inline, role, blockContext, directive, includedText, dependencies };
}

// The tags an HTML build sets, for `.. only::` (`only:: html`, `only:: not latex`).
const htmlBuildTags = new Set(['html', 'format_html', 'builder_html']);

/**
 * Whether an HTML build shows an `.. only::` block: its expression of tags with `and`, `or`,
 * `not` and parentheses, read with the tags of an HTML build (other tags are unset). An
 * expression it cannot read shows the block.
 *
 * @example htmlBuildIncludes('not latex') === true; htmlBuildIncludes('latex or epub') === false
 */
export function htmlBuildIncludes(expression: string): boolean {
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let position = 0;
  const next = () => tokens[position++];
  const peek = () => tokens[position];
  const primary = (): boolean | undefined => {
    const token = next();
    if (token === undefined) return undefined;
    if (token === 'not') {
      const value = primary();
      return value === undefined ? undefined : !value;
    }
    if (token === '(') {
      const value = disjunction();
      return next() === ')' ? value : undefined;
    }
    if (token === ')' || token === 'and' || token === 'or') return undefined;
    return htmlBuildTags.has(token);
  };
  const conjunction = (): boolean | undefined => {
    let value = primary();
    while (peek() === 'and') {
      next();
      const right = primary();
      value = value === undefined || right === undefined ? undefined : value && right;
    }
    return value;
  };
  const disjunction = (): boolean | undefined => {
    let value = conjunction();
    while (peek() === 'or') {
      next();
      const right = conjunction();
      value = value === undefined || right === undefined ? undefined : value || right;
    }
    return value;
  };
  const value = disjunction();
  return value === undefined || position < tokens.length ? true : value;
}

/** Named hyperlink targets (`.. _name: url`) and substitution definitions of a text. */
export function collectDefinitions(text: string, targets: Map<string, string>, substitutions: Map<string, string>): void {
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    const target = /^\s*\.\. _([^:`]+|`[^`]+`):\s+(\S.*)$/.exec(line);
    if (target !== null) {
      let url = (target[2] as string).trim();
      while (/^\s+\S/.test(lines[index + 1] ?? '') && !/^\s*\.\./.test(lines[index + 1] ?? '')) url += (lines[++index] as string).trim();
      if (!url.endsWith('_') || url.endsWith('\\_')) targets.set(normalizeRstName((target[1] as string).replace(/^`|`$/g, '')), url);
      continue;
    }
    const substitution = /^\s*\.\. \|([^|]+)\|\s+([\w:-]+)::\s*(.*)$/.exec(line);
    if (substitution !== null) {
      const kind = substitution[2] as string;
      let value = (substitution[3] as string).trim();
      while (/^\s+\S/.test(lines[index + 1] ?? '') && !/^\s+:\w+:/.test(lines[index + 1] ?? '')) value += ` ${(lines[++index] as string).trim()}`;
      const name = normalizeRstName(substitution[1] as string);
      if (kind === 'replace') substitutions.set(name, value);
      else if (kind === 'unicode') substitutions.set(name, value.split(/\s+/).filter((part) => !part.startsWith('..')).map(unicodeCharacter).join(''));
      else substitutions.set(name, '');
    }
  }
}

function unicodeCharacter(code: string): string {
  const hex = /^(?:U\+|u|0x|\\x|x|&#x)?([0-9a-fA-F]{1,8});?$/.exec(code);
  const point = hex !== null && /^(?:U\+|u|0x|\\x|x|&#x)/.test(code) ? Number.parseInt(hex[1] as string, 16) : /^\d{1,8}$/.test(code) ? Number(code) : undefined;
  // A code point Unicode does not have is kept as written (docutils reports it; the page still reads).
  return point !== undefined && point <= 0x10ffff ? String.fromCodePoint(point) : code;
}

function code(value: string, language: string | undefined): RootContent {
  const lang = language === undefined || language === '' || language === 'default' || language === 'none' ? undefined : language;
  return { type: 'code', ...(lang === undefined ? {} : { lang }), value };
}

function dedentBy(lines: readonly string[], amount: string | undefined): string[] {
  if (amount === undefined) return [...lines];
  const count = Number(amount);
  if (!Number.isFinite(count) || amount.trim() === '') return dedent(lines);
  return lines.map((line) => line.slice(Math.min(count, line.length - line.trimStart().length)));
}

const languagesByExtension: Record<string, string> = {
  '.py': 'python', '.pyi': 'python', '.js': 'javascript', '.mjs': 'javascript', '.ts': 'typescript', '.json': 'json', '.yaml': 'yaml', '.yml': 'yaml',
  '.toml': 'toml', '.ini': 'ini', '.cfg': 'ini', '.sh': 'bash', '.bash': 'bash', '.html': 'html', '.css': 'css', '.c': 'c', '.h': 'c', '.cpp': 'cpp',
  '.rs': 'rust', '.go': 'go', '.java': 'java', '.rb': 'ruby', '.xml': 'xml', '.sql': 'sql', '.txt': 'text', '.rst': 'rst', '.md': 'markdown',
};

function languageOfFile(file: string): string | undefined {
  return languagesByExtension[path.extname(file).toLowerCase()];
}

/**
 * The part of an included file its options select, cut in Sphinx's order: `:pyobject:` (a Python
 * function or class), `:start-after:` or `:start-at:`, `:end-before:` or `:end-at:`, `:lines:`
 * (`1,3,5-10,20-`, counted in what is left), then `:dedent:`, `:prepend:` and `:append:`.
 */
export function sliceLiteral(text: string, options: ReadonlyMap<string, string>): string {
  let lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const pyobject = options.get('pyobject');
  if (pyobject !== undefined) lines = pythonObjectLines(lines, pyobject) ?? lines;
  const startAfter = options.get('start-after');
  const startAt = options.get('start-at');
  const start = startAfter ?? startAt;
  if (start !== undefined && start !== '') {
    const found = lines.findIndex((line) => line.includes(start));
    if (found !== -1) lines = lines.slice(startAfter !== undefined ? found + 1 : found);
  }
  const endBefore = options.get('end-before');
  const endAt = options.get('end-at');
  const end = endBefore ?? endAt;
  if (end !== undefined && end !== '') {
    const found = lines.findIndex((line) => line.includes(end));
    if (found !== -1) lines = lines.slice(0, endBefore !== undefined ? found : found + 1);
  }
  const lineSpec = options.get('lines');
  if (lineSpec !== undefined) {
    const picked: string[] = [];
    for (const part of lineSpec.split(',')) {
      const range = /^\s*(\d*)\s*(-)?\s*(\d*)\s*$/.exec(part);
      if (range === null) continue;
      const start = range[1] === '' ? 1 : Number(range[1]);
      const end = range[2] === undefined ? start : range[3] === '' ? lines.length : Number(range[3]);
      picked.push(...lines.slice(start - 1, end));
    }
    lines = picked;
  }
  lines = dedentBy(lines, options.get('dedent'));
  const prepend = options.get('prepend');
  const append = options.get('append');
  return [...(prepend === undefined ? [] : [prepend]), ...lines, ...(append === undefined ? [] : [append])].join('\n');
}

/** The lines of a Python `def`/`class` (`Class.method` too), by indentation. */
function pythonObjectLines(lines: readonly string[], name: string): string[] | undefined {
  let scope = lines.map((line, index) => ({ line, index }));
  let found: { line: string; index: number }[] | undefined;
  for (const part of name.split('.')) {
    const header = scope.findIndex(({ line }) => new RegExp(`^\\s*(?:async\\s+)?(?:def|class)\\s+${part}\\b`).test(line));
    if (header === -1) return undefined;
    const indent = (scope[header] as { line: string }).line.search(/\S/);
    let end = header + 1;
    while (end < scope.length && ((scope[end] as { line: string }).line.trim() === '' || (scope[end] as { line: string }).line.search(/\S/) > indent)) end++;
    // Decorators right above belong to it.
    let start = header;
    while (start > 0 && /^\s*@/.test((scope[start - 1] as { line: string }).line)) start--;
    found = scope.slice(start, end);
    scope = found;
  }
  if (found === undefined) return undefined;
  while (found.length > 0 && (found.at(-1) as { line: string }).line.trim() === '') found.pop();
  return found.map(({ line }) => line);
}

/** `.. list-table::`: a bullet list of rows, each a bullet list of cells. */
function listTable(parsed: RstDirective, readBlocks: (lines: string[]) => RootContent[], inline: (text: string) => PhrasingContent[]): Table {
  const blocks = readBlocks(parsed.content);
  const rows: TableRow[] = [];
  const list = blocks.find((node) => node.type === 'list');
  for (const item of list?.type === 'list' ? list.children : []) {
    const cellsList = item.children.find((node) => node.type === 'list');
    const cells = cellsList?.type === 'list' ? cellsList.children : [];
    rows.push({ type: 'tableRow', children: cells.map((cell): TableCell => ({ type: 'tableCell', children: inline(plainText(cell.children as never).replace(/\s+/g, ' ').trim()) })) });
  }
  const headerRows = Number(parsed.options.get('header-rows') ?? '0');
  const width = Math.max(1, ...rows.map((row) => row.children.length));
  for (const row of rows) while (row.children.length < width) row.children.push({ type: 'tableCell', children: [] });
  const empty: TableRow = { type: 'tableRow', children: Array.from({ length: width }, () => ({ type: 'tableCell', children: [] }) as TableCell) };
  return { type: 'table', children: headerRows > 0 ? rows : [empty, ...rows] };
}

/** `.. csv-table::`: rows from its content or `:file:`, with `:header:` as the header row. */
function csvTable(parsed: RstDirective, inline: (text: string) => PhrasingContent[], readFileFrom: (name: string) => { text: string } | undefined): Table {
  const source = parsed.options.has('file') ? (readFileFrom(parsed.options.get('file') ?? '')?.text ?? '') : parsed.content.join('\n');
  const delimiter = parsed.options.get('delim') === 'tab' ? '\t' : (parsed.options.get('delim') ?? ',').slice(0, 1) || ',';
  const rows = csvRows(source, delimiter);
  const header = parsed.options.get('header');
  const headerRows = header === undefined ? [] : csvRows(header, ',');
  const width = Math.max(1, ...[...headerRows, ...rows].map((row) => row.length));
  const rowOf = (cells: string[]): TableRow => ({ type: 'tableRow', children: Array.from({ length: width }, (_, column): TableCell => ({ type: 'tableCell', children: inline((cells[column] ?? '').trim()) })) });
  const headed = headerRows.length > 0 || Number(parsed.options.get('header-rows') ?? '0') > 0;
  return { type: 'table', children: [...(headed ? [] : [rowOf([])]), ...headerRows.map(rowOf), ...rows.map(rowOf)] };
}

function csvRows(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index] as string;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (character === delimiter) {
      row.push(cell);
      cell = '';
    } else if (character === '\n') {
      row.push(cell);
      if (row.some((value) => value.trim() !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += character;
  }
  row.push(cell);
  if (row.some((value) => value.trim() !== '')) rows.push(row);
  return rows;
}
