import { existsSync } from 'node:fs';
import path from 'node:path';
import { withoutFrontMatter } from '../front-matter';
import { includedCharactersPerPage, readFileInsideSync, readIncludedFileSync } from '../included-files';
import { fencedCodeBlock } from '../line-scanner';
import { renderMarkdownTemplate, renderSimpleTemplate } from './hugo-templates';

/** A shortcode call in a page: `{{< name args >}}`, `{{% name args %}}`, or its closing tag. */
interface ShortcodeTag {
  /** Offsets of the whole tag in the page. */
  start: number;
  end: number;
  /** The shortcode's name, as written (`alert`, `docs/auth_alts`). */
  name: string;
  positional: string[];
  named: Map<string, string>;
  /** `{{< /name >}}`. */
  closing: boolean;
  /** `{{< name />}}`: never paired. */
  selfClosing: boolean;
  /** `{{% … %}}`: the output is Markdown of the page; `{{< … >}}`: the template's as is. */
  markdown: boolean;
  // A call inside a Go comment, `{{</*` name `*/>}}`: shown as the literal call `{{< name >}}`.
  literal?: string;
}

/** A shortcode call with its content, for a paired one. */
interface ShortcodeCall {
  tag: ShortcodeTag;
  /** The closing tag of a paired shortcode. */
  close?: ShortcodeTag;
  /** The calls inside its content. */
  inner: ShortcodeCall[];
}

/** What a shortcode's template shows, as far as reading it (not running it) tells. */
export interface ShortcodeTemplate {
  /** The template file (a page that uses it depends on it). */
  file: string;
  /** Whether it shows the content of a paired call (`.Inner`, `.InnerDeindent`). */
  showsInner: boolean;
  /** A file it reads and shows (`readFile "includes/why.md"`), relative to the site's folder. */
  readsFile?: string;
  /** A Markdown template's source (`<name>.md`), which {@link renderMarkdownTemplate} runs. */
  markdown?: string;
  /** An HTML template's source (`<name>.html`), run for a standalone call when it is simple enough (see `renderSimpleTemplate`). */
  html?: string;
  /**
   * Whether it shows another page's content, found by the path it is given (`.GetPage` of
   * `.Get 0`, then `.RenderShortcodes` or `.Content`): Hugo's own docs' `include`.
   */
  includesPage?: boolean;
}

/** What expanding a page's shortcodes needs from the site. */
export interface ShortcodeSite {
  /** The site's folder (where its config lives): `readFile` paths start there. */
  siteRoot: string;
  /** No file outside this folder is read (see `includeBoundary`). */
  boundary: string;
  /** The content folder: `/`-rooted `ref` and `include` paths start there. */
  contentDir: string;
  /** The site's `params` (lower-case keys). */
  siteParams: Record<string, unknown>;
  /** The template of a shortcode the site or its theme defines, if found. */
  template(name: string): ShortcodeTemplate | undefined;
}

/** The page whose shortcodes are expanded. */
export interface ShortcodePage {
  /** Absolute path of the page's file. */
  sourceFile: string;
  /** Its front matter: its own params (`param` looks there before the site's). */
  frontMatter: Record<string, unknown>;
  /** Its title, for templates that show `.Page.Title`. */
  title?: string;
  /** Absolute paths of the files the page's text came from besides its own (added to). */
  dependencies: string[];
}

// Shortcodes that only embed media or widgets: nothing of them is text a reader searches.
const embeds = new Set(['youtube', 'vimeo', 'x', 'twitter', 'tweet', 'instagram', 'gist', 'qr', 'iframe', 'swaggerui', 'redoc', 'comment', 'asciinema', 'mermaid-file']);
// Shortcodes whose content is shown led by a title (Docsy's alert and card, Hugo's details).
const titleParameters = ['title', 'header', 'summary', 'name'];

/**
 * A page's text with its Hugo shortcodes expanded as Hugo renders them, as far as that can be
 * known without running the site's templates. Hugo expands shortcodes before the Markdown is
 * parsed, code blocks included, so this is a pass over the text:
 * - `{{< param "a.b" >}}`: the page's param, else the site's `params` value;
 * - `{{< ref "x.md" >}}` / `relref`: a link to that page's file, which link resolution turns into
 *   its URL;
 * - `{{< highlight go >}}…{{< /highlight >}}`: a fenced code block;
 * - a paired shortcode: its content, led by its `title`/`header`/`summary` in bold (Docsy's
 *   `alert`, `card`, `tab`; Hugo's `details`); a tab with a `lang` (its own or its `tabpane`'s)
 *   and no `text=true` shows its content as code; content the site's template does not show
 *   (no `.Inner` in it, as in a `comment` shortcode) is left out;
 * - a Markdown template (`<name>.md`): run as far as `renderMarkdownTemplate` can (its text,
 *   the page's params it shows);
 * - a template that shows another page (`.GetPage` of its argument, then `.RenderShortcodes`):
 *   that page's text; Hugo's docs' `code-toggle`: its content as a code block;
 * - `readfile` (Docsy) and templates that read one named file (`{{ readFile "includes/x.md" }}`):
 *   that file's text, as Markdown or (`code=true`) as a code block;
 * - `figure` and `imgproc`: their caption; embeds (`youtube`, `gist`…) and other standalone
 *   shortcodes, whose output a template makes: nothing, or the `text` argument of one within a
 *   sentence (a glossary link);
 * - a call inside a Go comment (`{{<` then `/*`, the call, `*` `/>}}`): the call itself, as text
 *   (how docs show a shortcode).
 */
export function expandHugoShortcodes(source: string, site: ShortcodeSite, page: ShortcodePage): string {
  if (!source.includes('{{<') && !source.includes('{{%')) return source;
  const tags = scanTags(source);
  if (tags.length === 0) return source;
  const calls = pairCalls(tags, 0, tags.length);
  const budget = { characters: includedCharactersPerPage };
  return renderRange(source, 0, source.length, calls, { site, page, budget, depth: 0 });
}

interface RenderContext {
  site: ShortcodeSite;
  page: ShortcodePage;
  budget: { characters: number };
  depth: number;
  /** The enclosing `tabpane`'s `lang` and `text`. */
  tabs?: { lang?: string; text: boolean };
}

function renderRange(source: string, from: number, to: number, calls: readonly ShortcodeCall[], context: RenderContext): string {
  let output = '';
  let position = from;
  for (const call of calls) {
    output += source.slice(position, call.tag.start);
    output += renderCall(source, call, context);
    position = (call.close ?? call.tag).end;
  }
  return output + source.slice(position, to);
}

function renderCall(source: string, call: ShortcodeCall, context: RenderContext): string {
  const { tag } = call;
  if (tag.literal !== undefined) return tag.literal;
  if (tag.closing) return '';
  const name = tag.name.toLowerCase();
  const argument = (key: string, position?: number) => tag.named.get(key) ?? (position === undefined ? undefined : tag.positional[position]);
  const block = isAloneOnLine(source, tag.start, tag.end);
  const indent = lineIndent(source, tag.start);
  const innerContext: RenderContext = { ...context };
  if (name === 'tabpane') {
    const lang = argument('lang') ?? argument('langequivalent');
    innerContext.tabs = { text: argument('text') === 'true', ...(lang === undefined ? {} : { lang }) };
  }
  const inner = () => (call.close === undefined ? '' : renderRange(source, tag.end, call.close.start, call.inner, innerContext));

  switch (name) {
    case 'param':
      return paramValue(argument('name', 0) ?? '', context);
    case 'ref':
    case 'relref':
      return refTarget(argument('path', 0) ?? '', context);
    case 'highlight':
      return call.close === undefined ? '' : fencedCodeBlock(inner(), tag.positional[0] ?? argument('lang') ?? '', indent);
    // Hugo's docs: site configuration shown in TOML, YAML and JSON tabs, written once (in TOML or YAML).
    case 'code-toggle': {
      if (call.close === undefined) return '';
      const config = inner();
      return fencedCodeBlock(config, argument('lang') ?? (/^\s*[\w-]+\s*:/m.test(config) && !/^\s*\[/m.test(config) ? 'yaml' : 'toml'), indent);
    }
    case 'figure':
    case 'imgproc': {
      const caption = [argument('caption'), argument('title'), call.close === undefined ? undefined : inner().trim()].find((text) => text !== undefined && text.trim() !== '');
      return caption === undefined ? '' : block ? `\n${indent}_${caption.trim()}_\n` : caption.trim();
    }
    case 'readfile':
      return readfileShortcode(tag, context, indent);
    default:
      break;
  }
  if (embeds.has(name) || embeds.has(path.posix.basename(name))) return '';

  const template = context.site.template(tag.name);
  if (template !== undefined && !context.page.dependencies.includes(template.file)) context.page.dependencies.push(template.file);
  if (template?.markdown !== undefined) {
    const shown = renderMarkdownTemplate(template.markdown, {
      named: tag.named,
      positional: tag.positional,
      inner: call.close === undefined ? '' : inner(),
      pageParams: context.page.frontMatter,
      siteParams: context.site.siteParams,
      ...(context.page.title === undefined ? {} : { pageTitle: context.page.title }),
    });
    return block ? `\n${shown}\n` : shown;
  }
  if (template?.includesPage === true && call.close === undefined) {
    const page = findPageFile(argument('path', 0) ?? '', context);
    const included = page === undefined ? undefined : includeFile(page, context);
    return included === undefined ? '' : `\n${included}\n`;
  }
  if (template?.readsFile !== undefined && call.close === undefined) {
    // `readFile … | markdownify` shows the file as Markdown; Hugo expands no shortcode in it.
    const included = includeFile(path.resolve(context.site.siteRoot, template.readsFile), context, false);
    return included === undefined ? '' : `\n${included}\n`;
  }
  // A standalone shortcode's output comes from its template, run when it only picks values;
  // otherwise nothing, or within a sentence its `text` (Kubernetes' `{{< glossary_tooltip
  // text="Pods" term_id="pod" >}}`).
  if (call.close === undefined) {
    const shown =
      template?.html === undefined
        ? undefined
        : renderSimpleTemplate(template.html, {
            named: tag.named,
            positional: tag.positional,
            inner: '',
            pageParams: context.page.frontMatter,
            siteParams: context.site.siteParams,
            ...(context.page.title === undefined ? {} : { pageTitle: context.page.title }),
          });
    if (shown !== undefined && shown.trim() !== '') return block ? `\n${shown.trim()}\n` : shown.trim();
    return block ? '' : (argument('text') ?? '');
  }
  if (template !== undefined && !template.showsInner) return '';

  const content = inner();
  const isTab = name === 'tab' || name === 'tabs/tab';
  const lang = isTab ? (argument('lang') ?? context.tabs?.lang) : undefined;
  const showsText = argument('text') === 'true' || (argument('text') === undefined && context.tabs?.text === true);
  const title = titleParameters.map((key) => argument(key)).find((value) => value !== undefined && value.trim() !== '') ?? (isTab ? tag.positional[0] : undefined);
  const asCode = (isTab && lang !== undefined && lang !== '' && !showsText && !tag.markdown) || (name === 'card' && argument('code') === 'true');
  const body = asCode ? fencedCodeBlock(content, lang ?? argument('lang') ?? '', indent) : content;
  if (title === undefined || title.trim() === '') return block ? `\n${body}\n` : body;
  return block ? `\n${indent}**${title.trim()}**\n\n${indent}${body.replace(/^\s*\n/, '')}\n` : `**${title.trim()}** ${body}`;
}

/** `{{< param "a.b" >}}`: the page's params first (Hugo reads `params:` and top-level keys), then the site's. */
function paramValue(key: string, { site, page }: RenderContext): string {
  const pageParams = { ...page.frontMatter, ...(typeof page.frontMatter.params === 'object' && page.frontMatter.params !== null ? (page.frontMatter.params as Record<string, unknown>) : {}) };
  const value = lookUp(pageParams, key) ?? lookUp(site.siteParams, key);
  if (value === undefined || value === null || typeof value === 'object') return '';
  return String(value);
}

function lookUp(data: Record<string, unknown>, key: string): unknown {
  let value: unknown = data;
  for (const part of key.toLowerCase().split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    const entries = Object.entries(value as Record<string, unknown>);
    value = entries.find(([name]) => name.toLowerCase() === part)?.[1];
  }
  return value;
}

/**
 * `{{< ref "guides/setup" >}}`: the target's file, relative to the page's folder (link resolution
 * turns it into the page's URL, with its `slug` or `url`), and its `#anchor`; the target as written
 * when no such file is found.
 */
function refTarget(target: string, context: RenderContext): string {
  const [pathPart = '', anchor] = target.split('#', 2);
  const found = pathPart === '' ? context.page.sourceFile : findPageFile(pathPart, context);
  if (found === undefined) return target;
  const relative = path.relative(path.dirname(context.page.sourceFile), found).split(path.sep).join('/');
  return `${relative.startsWith('.') ? relative : `./${relative}`}${anchor === undefined ? '' : `#${anchor}`}`;
}

/**
 * The file of a page named as `ref` and `.GetPage` name one: from the content folder when
 * `/`-rooted, else from the page's folder and then the content folder; with or without `.md`,
 * or a folder's `_index.md` or `index.md`.
 */
function findPageFile(pagePath: string, { site, page }: RenderContext): string | undefined {
  if (pagePath.trim() === '') return undefined;
  const bases = pagePath.startsWith('/') ? [site.contentDir] : [path.dirname(page.sourceFile), site.contentDir];
  for (const base of bases) {
    const wanted = path.resolve(base, `.${path.sep}${pagePath.replace(/^\/+/, '')}`);
    const found = [wanted, `${wanted}.md`, path.join(wanted, '_index.md'), path.join(wanted, 'index.md')].find((candidate) => candidate.endsWith('.md') && existsSync(candidate));
    if (found !== undefined) return found;
  }
  return undefined;
}

// Docsy's `readfile`: `file` from the page's folder (a `/`-rooted one from the site's), as Markdown,
// or as a code block with `code="true"` and `lang`.
function readfileShortcode(tag: ShortcodeTag, context: RenderContext, indent: string): string {
  const file = tag.named.get('file') ?? tag.positional[0];
  if (file === undefined) return '';
  const candidates = file.startsWith('/')
    ? [path.join(context.site.siteRoot, file), path.join(context.site.contentDir, file)]
    : [path.resolve(path.dirname(context.page.sourceFile), file), path.resolve(context.site.siteRoot, file)];
  const found = candidates.find((candidate) => existsSync(candidate)) ?? candidates[0] ?? '';
  const content = includeFile(found, context);
  if (content === undefined) return '';
  return tag.named.get('code') === 'true' ? fencedCodeBlock(content, tag.named.get('lang') ?? '', indent) : `\n${content}\n`;
}

/** An included file's text (inside the project, within the page's budget), with its shortcodes expanded unless `expand` is false. */
function includeFile(file: string, context: RenderContext, expand = true): string | undefined {
  if (context.depth >= 8) return undefined;
  const text = readIncludedFileSync(file, { boundary: context.site.boundary, dependencies: context.page.dependencies }, context.budget);
  if (text === undefined) return undefined;
  const body = withoutFrontMatter(text);
  const tags = expand ? scanTags(body) : [];
  return tags.length === 0 ? body : renderRange(body, 0, body.length, pairCalls(tags, 0, tags.length), { ...context, depth: context.depth + 1 });
}

function isAloneOnLine(source: string, start: number, end: number): boolean {
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = source.indexOf('\n', end);
  return source.slice(lineStart, start).trim() === '' && source.slice(end, lineEnd === -1 ? source.length : lineEnd).trim() === '';
}

function lineIndent(source: string, start: number): string {
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  const before = source.slice(lineStart, start);
  return /^[ \t]*$/.test(before) ? before : '';
}

/** Every shortcode tag in the text, in order. */
function scanTags(source: string): ShortcodeTag[] {
  const tags: ShortcodeTag[] = [];
  let position = 0;
  for (;;) {
    const open = source.slice(position).search(/\{\{[<%]/);
    if (open === -1) break;
    const start = position + open;
    const delimiter = source[start + 2] as '<' | '%';
    const closeMarker = `${delimiter === '<' ? '>' : '%'}}}`;
    const end = source.indexOf(closeMarker, start + 3);
    if (end === -1) break;
    const body = source.slice(start + 3, end);
    position = end + closeMarker.length;
    // `{{</*` name `*/>}}`: docs showing a shortcode call.
    const comment = /^(\s*)\/\*([\s\S]*)\*\/(\s*)$/.exec(body);
    if (comment !== null) {
      tags.push({ start, end: position, name: '', positional: [], named: new Map(), closing: false, selfClosing: true, markdown: delimiter === '%', literal: `{{${delimiter}${comment[1]}${comment[2]}${comment[3]}${closeMarker}` });
      continue;
    }
    const tag = parseTag(body.trim(), start, position, delimiter === '%');
    if (tag !== undefined) tags.push(tag);
  }
  return tags;
}

function parseTag(body: string, start: number, end: number, markdown: boolean): ShortcodeTag | undefined {
  const closing = body.startsWith('/');
  const selfClosing = !closing && body.endsWith('/');
  const text = body.slice(closing ? 1 : 0, selfClosing ? -1 : undefined).trim();
  const name = /^[\w./-]+/.exec(text)?.[0];
  if (name === undefined) return undefined;
  const positional: string[] = [];
  const named = new Map<string, string>();
  const argumentPattern = /([\w-]+)\s*=\s*("(?:[^"\\]|\\.)*"|`[^`]*`|\S+)|("(?:[^"\\]|\\.)*"|`[^`]*`|\S+)/g;
  for (const match of text.slice(name.length).matchAll(argumentPattern)) {
    if (match[1] !== undefined) named.set(match[1].toLowerCase(), unquote(match[2] ?? ''));
    else positional.push(unquote(match[3] ?? ''));
  }
  return { start, end, name, positional, named, closing, selfClosing, markdown };
}

function unquote(value: string): string {
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) return value.slice(1, -1).replace(/\\(["\\])/g, '$1');
  if (value.startsWith('`') && value.endsWith('`') && value.length >= 2) return value.slice(1, -1);
  return value;
}

/** The calls among `tags[from..to)`: an opening tag with a later closing tag of its name is paired. */
function pairCalls(tags: readonly ShortcodeTag[], from: number, to: number): ShortcodeCall[] {
  const calls: ShortcodeCall[] = [];
  let index = from;
  while (index < to) {
    const tag = tags[index] as ShortcodeTag;
    if (tag.literal !== undefined || tag.closing || tag.selfClosing) {
      calls.push({ tag, inner: [] });
      index += 1;
      continue;
    }
    let depth = 0;
    let closeIndex = -1;
    for (let next = index + 1; next < to; next++) {
      const other = tags[next] as ShortcodeTag;
      if (other.literal !== undefined || other.name !== tag.name) continue;
      if (!other.closing && !other.selfClosing) depth += 1;
      else if (other.closing) {
        if (depth === 0) {
          closeIndex = next;
          break;
        }
        depth -= 1;
      }
    }
    if (closeIndex === -1) {
      calls.push({ tag, inner: [] });
      index += 1;
    } else {
      calls.push({ tag, close: tags[closeIndex] as ShortcodeTag, inner: pairCalls(tags, index + 1, closeIndex) });
      index = closeIndex + 1;
    }
  }
  return calls;
}

/**
 * Reads what a shortcode template shows: whether it shows a paired call's content, and a file it
 * reads by a literal path. Templates are looked up as Hugo does, site before theme:
 * `layouts/_shortcodes/<name>.html` (Hugo 0.146) or `layouts/shortcodes/<name>.html`, or `.md`;
 * only inside `boundary` (a name such as `../../x` is no template).
 */
export function readShortcodeTemplate(folders: readonly string[], name: string, boundary: string): ShortcodeTemplate | undefined {
  if (name.split('/').some((part) => part === '..' || part === '') || path.isAbsolute(name)) return undefined;
  for (const folder of folders) {
    for (const extension of ['.html', '.md']) {
      const file = path.join(folder, `${name}${extension}`);
      if (!existsSync(file)) continue;
      const template = readFileInsideSync(boundary, file);
      if (template === undefined) continue;
      if (extension === '.md') return { file, showsInner: showsInner(template), markdown: template };
      const readsFile = /\b(?:readFile|os\.ReadFile)\s+"([^"{}]+)"/.exec(template)?.[1];
      const includesPage = /\bGetPage\b/.test(template) && /\.Get\s+0\b/.test(template) && /\.(?:RenderShortcodes|Content)\b/.test(template);
      return { file, showsInner: showsInner(template), html: template, ...(readsFile === undefined ? {} : { readsFile }), ...(includesPage ? { includesPage } : {}) };
    }
  }
  return undefined;
}

/**
 * Whether a template shows a paired call's content: an action outputs `.Inner` (`{{ .Inner }}`,
 * `{{ .Inner | markdownify }}`, `{{ markdownify .Inner }}`), binds it (`{{ with .Inner }}`), or
 * keeps it in a variable it uses again. Testing it (`{{ if .Inner }}{{ end }}`) or keeping it
 * unused (`{{ $noop := .Inner }}`), as comment shortcodes do, shows nothing.
 */
export function showsInner(template: string): boolean {
  const actions = [...template.replace(/\{\{-?\s*\/\*[\s\S]*?\*\/\s*-?\}\}/g, '').matchAll(/\{\{-?\s*([\s\S]*?)\s*-?\}\}/g)].map((match) => match[1] ?? '');
  return actions.some((code, index) => {
    if (!/\.Inner(?:Deindent)?\b/.test(code)) return false;
    if (/^(?:if|else\s+if)\b/.test(code)) return false;
    const variable = /^(\$\w+)\s*:?=/.exec(code)?.[1];
    if (variable === undefined) return true;
    const used = new RegExp(`\\${variable}\\b`);
    return actions.some((other, position) => position !== index && used.test(other));
  });
}
