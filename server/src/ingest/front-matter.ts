import { parse as parseYaml } from 'yaml';
import { DocsFolderError } from './page-files';
import { stripHtml } from './safe-markup';

/** The front matter fields every dialect reads, validated. */
export interface PageFields {
  /** `title`, as plain text (HTML tags stripped: titles reach clients as text, see `stripHtml`). */
  title?: string;
  /** `description`, as plain text like the title. */
  description?: string;
  /** `version` (numbers become strings; quote `"1.10"` to keep the zero). */
  version?: string;
  /** `language` or `lang`, lower case. */
  language?: string;
  /** `groups`: a string or a list of strings; `[]` when absent. */
  groups: string[];
}

/**
 * Parses a page's YAML front matter (the text between the `---` lines).
 *
 * @throws DocsFolderError naming the file when the YAML is invalid.
 */
export function parseFrontMatter(yamlText: string, sourceFile: string): Record<string, unknown> {
  const simple = simpleFrontMatter(yamlText);
  if (simple !== undefined) return simple;
  let data: unknown;
  try {
    data = parseYaml(yamlText, { logLevel: 'error' });
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw new DocsFolderError(sourceFile, `front matter is not valid YAML (${reason}); fix the block between the opening and closing --- lines`);
  }
  refuseCircularValues(data, sourceFile, 'front matter');
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/**
 * Refuses YAML whose aliases point inside themselves (`x: &a { y: *a }`): such a value has no end,
 * and nothing that reads it further (JSON, a config walk) could.
 *
 * @throws DocsFolderError naming the file and what to write instead
 */
export function refuseCircularValues(value: unknown, sourceFile: string, what: string): void {
  const open = new Set<object>();
  const visit = (current: unknown): void => {
    if (typeof current !== 'object' || current === null || current instanceof Date) return;
    if (open.has(current)) throw new DocsFolderError(sourceFile, `${what} holds a YAML alias that refers to itself (a *name inside its own &name); write the value out instead`);
    open.add(current);
    for (const child of Array.isArray(current) ? current : Object.values(current)) visit(child);
    open.delete(current);
  };
  visit(value);
}

// A key, then a value the fast reading below takes as YAML does.
const simpleLine = /^([A-Za-z_][\w-]*):[ \t]+(.*)$/;
// A plain scalar that YAML's core schema reads as a string: it opens with a letter, holds no
// `: ` or ` #` (a mapping or a comment) and is not null, a boolean or a number.
const plainString = /^[\p{L}](?:[^:#\n]|:(?! )|#)*$/u;
const notStrings = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
const flowItem = /^[\p{L}][\p{L}\p{N} ._\/-]*$/u;

/**
 * Front matter of one flat level (`title: Setup`, `sidebar_position: 3`, `tags: [cli, setup]`,
 * `description: "…"`), as YAML reads it, without the YAML parser (a quarter of a millisecond a
 * page, a tenth of a cold build); `undefined` when any line is more than that, for the parser.
 */
function simpleFrontMatter(yamlText: string): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  for (const line of yamlText.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const match = simpleLine.exec(line);
    if (match === null) return undefined;
    const [, key = '', written = ''] = match;
    // YAML reads `null:` as the key "" and `True:` as true: such keys are the parser's to read.
    if (key in data || notStrings.test(key)) return undefined;
    let end = written.length;
    while (end > 0 && (written[end - 1] === ' ' || written[end - 1] === '\t')) end -= 1;
    const value = written.slice(0, end);
    if (plainString.test(value) && !notStrings.test(value) && !/[ \t]#|:[ \t]/.test(value) && !value.endsWith(':')) data[key] = value;
    else if (/^-?[1-9]\d{0,14}$|^0$/.test(value)) data[key] = Number(value);
    else if (/^"[^"\\]*"$/.test(value) || /^'[^']*'$/.test(value)) data[key] = value.slice(1, -1);
    else if (/^\[.*\]$/.test(value)) {
      const inside = value.slice(1, -1).trim();
      const items = inside === '' ? [] : inside.split(',').map((item) => item.trim());
      if (!items.every((item) => flowItem.test(item) && !notStrings.test(item))) return undefined;
      data[key] = items;
    } else return undefined;
  }
  return data;
}

/** A page's YAML front matter block (`---` … `---`, empty or not) at the start of its text: the block, the YAML in it, and the text after it. */
export function yamlFrontMatterBlock(source: string): { block: string; yaml: string; body: string } | undefined {
  const match = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/.exec(source);
  return match === null ? undefined : { block: match[0], yaml: match[1] ?? '', body: source.slice(match[0].length) };
}

/**
 * Front matter values written back as a YAML block the shared reading takes (JSON is YAML), for
 * dialects that add to a page's own (Hugo's cascades, Jekyll's defaults) or read another format.
 */
export function asYamlFrontMatter(data: Record<string, unknown>): string {
  return `---\n${JSON.stringify(data)}\n---\n`;
}

/** The moment a front matter date names (`2999-01-01`, `2024-01-01T10:00:00+02:00`), for publish and expiry checks. */
export function frontMatterTime(value: unknown): number | undefined {
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' && value.trim() !== '' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}

/**
 * The calendar day a front matter date names, as written (`2024-01-01T01:00:00+02:00` is January
 * 1st, whatever the server's time zone), as site generators put it in URLs.
 *
 * @example calendarDate('2024-03-05') // { year: 2024, month: 3, day: 5 }
 */
export function calendarDate(value: unknown): { year: number; month: number; day: number } | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : { year: value.getUTCFullYear(), month: value.getUTCMonth() + 1, day: value.getUTCDate() };
  const match = typeof value === 'string' ? /^\s*(\d{4})-(\d{1,2})-(\d{1,2})/.exec(value) : null;
  return match === null ? undefined : { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/**
 * Refuses `---js` / `---javascript` front matter, which some tools evaluate: reading the docs
 * must never run code from them.
 *
 * @throws DocsFolderError when the page starts with such a block.
 */
export function refuseScriptFrontMatter(source: string, sourceFile: string): void {
  if (/^---\s*(?:js|javascript)\s*\r?\n/i.test(source)) {
    throw new DocsFolderError(sourceFile, 'JavaScript front matter (---js) is not supported, because it would run code from the docs folder; use YAML');
  }
}

/**
 * The common fields of a page's front matter.
 *
 * @throws DocsFolderError naming the file and the field when a field has the wrong type.
 */
export function pageFields(data: Record<string, unknown>, sourceFile: string): PageFields {
  const fields: PageFields = { groups: groupsOf(data, sourceFile) };
  const title = plainTextField(optionalText(data, 'title', sourceFile));
  const description = plainTextField(optionalText(data, 'description', sourceFile));
  const version = optionalText(data, 'version', sourceFile);
  const language = optionalText(data, 'language', sourceFile) ?? optionalText(data, 'lang', sourceFile);
  if (title !== undefined) fields.title = title;
  if (description !== undefined) fields.description = description;
  if (version !== undefined) fields.version = version;
  if (language !== undefined) fields.language = language.toLowerCase();
  return fields;
}

/** A field shown as text: HTML stripped; `undefined` when nothing but markup was there. */
function plainTextField(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const plain = stripHtml(value);
  return plain === '' ? undefined : plain;
}

/** A text field of the front matter (numbers and booleans as text), or `undefined` when absent or blank. */
export function optionalText(data: Record<string, unknown>, field: string, sourceFile: string): string | undefined {
  const value = data[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new DocsFolderError(sourceFile, `front matter "${field}" must be text, but it is ${describeValue(value)}; write it as ${field}: "…"`);
}

function groupsOf(data: Record<string, unknown>, sourceFile: string): string[] {
  const value = data.groups;
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((group) => {
    if (typeof group === 'string' && group.trim() !== '') return group.trim();
    if (typeof group === 'number') return String(group);
    throw new DocsFolderError(
      sourceFile,
      `front matter "groups" must be a string or a list of strings, but it holds ${describeValue(group)}; write it as groups: [admins, beta]`,
    );
  });
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'string') return 'an empty string';
  if (typeof value === 'object' && value !== null) return 'an object';
  return `a ${typeof value}`;
}

/**
 * A file's text without its YAML front matter (`---` … `---` at the very start), as an included
 * partial is inserted (VitePress `<!--@include:-->`, GitBook `{% include %}`).
 *
 * @example withoutFrontMatter('---\ntitle: X\n---\nBody') === 'Body'
 */
export function withoutFrontMatter(content: string): string {
  const match = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(content);
  return match ? content.slice(match[0].length) : content;
}
