import { defaultLabels, labelNames, type Labels } from './labels.js';
import type { DocentOptions, ResolvedOptions } from './option-types.js';
import { keyKind } from './key-kind.js';
import {
  isValidSelector,
  readBaseUrl,
  readBoolean,
  readChoice,
  readCssValue,
  readInteger,
  readObject,
  readString,
  readStringList,
  type ValueResult,
} from './option-values.js';
import { parseShortcut } from './shortcut.js';

export type { DocentOptions, ResolvedOptions, Theme } from './option-types.js';

/** The outcome of {@link resolveOptions}: options unless there were errors, and what to tell the developer. */
export interface OptionsResolution {
  options: ResolvedOptions | null;
  /** Unknown options and refused values (the default was used instead). */
  warnings: string[];
  /** Problems that stop the widget from starting (missing domain or key, an admin key). */
  errors: string[];
}

/** Where options came from, so messages name them the way the developer wrote them. */
export type OptionsSource = 'script' | 'element' | 'javascript';

const optionNames = [
  'domain', 'apiKey', 'baseUrl', 'userId', 'retrievalPageSize', 'filter', 'title', 'placeholder',
  'suggestions', 'disclaimer', 'theme', 'themeSelector', 'accent', 'radius', 'font', 'zIndex', 'position', 'shortcut',
  'launcher', 'open', 'selection', 'codeBlocks', 'labels', 'styleNonce',
] as const satisfies ReadonlyArray<keyof DocentOptions>;

/** The names of all options (camelCase). */
export const knownOptionNames: readonly string[] = optionNames;

const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const camel = (name: string): string => name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** How an option is written in a given source: `data-api-key`, `api-key` or `apiKey`. */
export function optionLabel(name: string, source: OptionsSource): string {
  if (source === 'script') return `data-${kebab(name)}`;
  if (source === 'element') return kebab(name);
  return name;
}

function howToSet(name: string, example: string, source: OptionsSource): string {
  if (source === 'script') return `add data-${kebab(name)}="${example}" to the script tag`;
  if (source === 'element') return `add ${kebab(name)}="${example}" to <docent-chat>`;
  return `pass { ${name}: '${example}' } in the options`;
}

/**
 * Reads options from a `dataset` (`data-api-key` arrives as `apiKey`) or from element
 * attributes in kebab-case (`api-key`). Values stay strings; {@link resolveOptions} parses them.
 */
export function optionsFromDataset(dataset: Record<string, string | undefined>): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(dataset)) {
    if (value !== undefined) options[camel(name)] = value;
  }
  return options;
}

/**
 * Combines the options a widget was started with and a patch from `update()`: later values win,
 * `labels` are merged key by key, `undefined` leaves a value as it was.
 */
export function mergeOptions(current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [name, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const previous = name === 'labels' ? asObject(merged[name]) : undefined;
    const next = name === 'labels' ? asObject(value) : undefined;
    merged[name] = previous !== undefined && next !== undefined ? { ...previous, ...next } : value;
  }
  return merged;
}

/** An object given as such or as JSON text (labels from `data-labels`), else undefined. */
function asObject(value: unknown): Record<string, unknown> | undefined {
  const parsed = readObject(value);
  return 'value' in parsed && parsed.value !== null ? parsed.value : undefined;
}

/** A valid CSS selector; `alternative` names other accepted values in the message (`" (or false)"`). */
function readSelector(value: unknown, alternative = ''): ValueResult<string> {
  const parsed = readString(value);
  if ('problem' in parsed) return parsed;
  return isValidSelector(parsed.value) ? parsed : { problem: `must be a CSS selector${alternative}, got ${JSON.stringify(value)}` };
}

/** Turns `false`/`"false"` into null (disabled), anything else through `read`. */
function readDisableable<T>(value: unknown, read: (value: unknown) => ValueResult<T>): ValueResult<T | null> {
  if (value === false || (typeof value === 'string' && value.trim().toLowerCase() === 'false')) return { value: null };
  return read(value);
}

/**
 * Validates options from any source and fills in the defaults. Never throws: unknown options
 * and bad values become warnings (the default is used), and missing `domain`/`apiKey` or an
 * admin key become errors that say how to fix them (then `options` is null).
 * @param input options as given; strings (from `data-*`) are parsed, typed values accepted as they are.
 * @param settings `source` words the messages (`data-domain` vs `domain`); `pageHref` resolves `baseUrl`.
 */
export function resolveOptions(
  input: Record<string, unknown>,
  settings: { source?: OptionsSource; pageHref?: string } = {},
): OptionsResolution {
  const source = settings.source ?? 'javascript';
  const pageHref = settings.pageHref ?? (typeof location === 'undefined' ? undefined : location.href);
  const warnings: string[] = [];
  const errors: string[] = [];
  const label = (name: string) => optionLabel(name, source);
  const given = (name: string) => input[name] !== undefined && input[name] !== null;

  const unknown = Object.keys(input).filter((name) => !knownOptionNames.includes(name) && input[name] !== undefined);
  if (unknown.length > 0) {
    warnings.push(
      `unknown option${unknown.length > 1 ? 's' : ''} ${unknown.map(label).join(', ')} ignored; known options: ${knownOptionNames.map(label).join(', ')}`,
    );
  }

  /** Reads a given option, or warns and returns `fallback`. */
  function read<T>(name: string, reader: (value: unknown) => ValueResult<T>, fallback: T): T {
    if (!given(name)) return fallback;
    const result = reader(input[name]);
    if ('problem' in result) {
      warnings.push(`${label(name)} ${result.problem}; using the default`);
      return fallback;
    }
    return result.value;
  }

  const domain = readString(input.domain);
  if ('problem' in domain) errors.push(`${label('domain')} is required: ${howToSet('domain', 'your-domain', source)}`);

  const apiKey = readString(input.apiKey);
  if ('problem' in apiKey) {
    errors.push(
      `${label('apiKey')} is required: ${howToSet('apiKey', 'svc_dsc_…', source)} (an assistant API key from the API keys page of the dashboard)`,
    );
  } else if (keyKind(apiKey.value) === 'admin') {
    errors.push(
      `${label('apiKey')} is an admin API key (svc_… without dsc_). Admin keys are secret: anyone who opens this page can read it and use it to change your documentation. The widget was not started. Revoke this key in the dashboard and use an assistant API key (svc_dsc_…) instead.`,
    );
  }

  const pageOrigin = pageHref === undefined ? undefined : readBaseUrl(new URL(pageHref).origin, pageHref);
  const originFallback = pageOrigin !== undefined && 'value' in pageOrigin ? pageOrigin.value : null;
  const baseUrl = read('baseUrl', (value) => readBaseUrl(value, pageHref), originFallback);
  if (baseUrl === null) {
    errors.push(`${label('baseUrl')} is required outside a web page: ${howToSet('baseUrl', 'https://api.example.com', source)}`);
  }

  const labelOverrides = read('labels', readObject, null) ?? {};
  const labels: Labels = { ...defaultLabels };
  const labelProblems: string[] = [];
  for (const [name, text] of Object.entries(labelOverrides)) {
    if (!(labelNames as string[]).includes(name)) labelProblems.push(`"${name}" is not a label`);
    else if (typeof text !== 'string') labelProblems.push(`"${name}" must be a string`);
    else labels[name as keyof Labels] = text;
  }
  if (labelProblems.length > 0) {
    warnings.push(`${label('labels')}: ${labelProblems.join(', ')}; known labels: ${labelNames.join(', ')}`);
  }
  const title = read('title', readString, labels.title);
  const placeholder = read('placeholder', readString, labels.placeholder);
  labels.title = title;
  labels.placeholder = placeholder;

  let suggestions = read('suggestions', readStringList, [] as string[]);
  if (suggestions.length > 4) {
    warnings.push(`${label('suggestions')} has ${suggestions.length} entries; only the first 4 are shown`);
    suggestions = suggestions.slice(0, 4);
  }

  const shortcut = read(
    'shortcut',
    (value) =>
      readDisableable(value, (text) => {
        const parsed = readString(text);
        if ('problem' in parsed) return parsed;
        return parseShortcut(parsed.value) === null
          ? { problem: `must be a shortcut like "mod+i" or "ctrl+shift+k" (or false), got ${JSON.stringify(text)}` }
          : { value: parsed.value.toLowerCase() };
      }),
    'mod+i' as string | null,
  );

  const codeBlocks = read(
    'codeBlocks',
    (value) =>
      value === true || value === 'true'
        ? { value: 'pre' }
        : readDisableable(value, (text) => readSelector(text, ' (or false)')),
    'pre' as string | null,
  );

  const options: ResolvedOptions = {
    domain: 'value' in domain ? domain.value : '',
    apiKey: 'value' in apiKey ? apiKey.value : '',
    baseUrl: baseUrl ?? '',
    userId: read('userId', readString, 'anonymous'),
    retrievalPageSize: read('retrievalPageSize', (value) => readInteger(value, 1, 20), 5),
    filter: read('filter', readObject, null),
    title,
    placeholder,
    suggestions,
    disclaimer: read(
      'disclaimer',
      (value) => (value === false || value === '' || value === 'false' ? { value: '' } : readString(value)),
      labels.disclaimer,
    ),
    theme: read('theme', (value) => readChoice(value, ['auto', 'light', 'dark'] as const), 'auto'),
    themeSelector: read('themeSelector', (value) => readSelector(value), null as string | null),
    accent: read('accent', (value) => readCssValue(value, 'color'), null as string | null),
    radius: read(
      'radius',
      (value) =>
        typeof value === 'number' || (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()))
          ? readCssValue(`${Number(value)}px`, 'border-radius')
          : readCssValue(value, 'border-radius'),
      null as string | null,
    ),
    font: read('font', (value) => readCssValue(value, 'font-family'), null as string | null),
    zIndex: read('zIndex', (value) => readInteger(value, -2147483647, 2147483647), 2147483000),
    position: read('position', (value) => readChoice(value, ['right', 'left'] as const), 'right'),
    shortcut,
    launcher: read('launcher', readBoolean, true),
    open: read('open', readBoolean, false),
    selection: read('selection', readBoolean, true),
    codeBlocks,
    labels,
    styleNonce: read('styleNonce', readString, null as string | null),
  };
  return { options: errors.length > 0 ? null : options, warnings, errors };
}
