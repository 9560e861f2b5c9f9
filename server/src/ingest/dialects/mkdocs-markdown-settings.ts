import { readFile } from 'node:fs/promises';
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Document, Node as YamlNode } from 'yaml';
import { pluginOptions } from './mkdocs-config';
import type { CriticMode } from './mkdocs-critic';
import type { KeysSettings } from './mkdocs-keys';
import type { MacroSettings } from './mkdocs-macros';
import { literalVariables } from './mkdocs-macros';

/**
 * The Markdown syntaxes of an MkDocs site that only mean something when `mkdocs.yml` turns them
 * on: an extension in `markdown_extensions`, a Material feature in `theme.features`, a plugin.
 * Each is `undefined` (or `false`) when off, so a page of a site without it keeps the text.
 */
export interface MkdocsMarkdownSettings {
  /** `def_list` (or `extra`, which includes it): `Term` then `:   Definition` lines. */
  definitionLists: boolean;
  /** `pymdownx.keys`: `++ctrl+alt+del++`. */
  keys?: KeysSettings;
  /** `pymdownx.critic` and its `mode`: `{++added++}`, `{--deleted--}`, `{~~old~>new~~}`. */
  critic?: CriticMode;
  /** Material's `content.code.annotate` feature: every code block may carry annotation markers. */
  codeAnnotations: boolean;
  /** The mkdocs-macros plugin (`plugins: - macros`): `{{ variable }}` from `extra:`. */
  macros?: MacroSettings;
}

const off: MkdocsMarkdownSettings = { definitionLists: false, codeAnnotations: false };

/**
 * Reads which of the syntaxes in {@link MkdocsMarkdownSettings} `mkdocs.yml` turns on, the way
 * `readMkdocsConfig` reads it (the `yaml` package; `!!python/…` and `!ENV` tags tolerated), as
 * YAML 1.1 like MkDocs' PyYAML, so `extra:` values read as the build reads them (`on` is `True`).
 * Extensions are named bare (`def_list`) or with their module (`markdown.extensions.def_list`),
 * as list items or `name: options` maps.
 */
export async function readMkdocsMarkdownSettings(configFile: string | undefined): Promise<MkdocsMarkdownSettings> {
  if (configFile === undefined) return off;
  const document = parseDocument(await readFile(configFile, 'utf8'), { version: '1.1', logLevel: 'silent' });
  const extensions = extensionEntries(document.get('markdown_extensions', true) as YamlNode | undefined, document);
  const settings: MkdocsMarkdownSettings = { ...off, definitionLists: extensions.has('def_list') || extensions.has('extra') };
  const keys = extensions.get('pymdownx.keys');
  if (keys !== undefined) settings.keys = keysSettings(keys);
  const critic = extensions.get('pymdownx.critic');
  if (critic !== undefined) settings.critic = critic.mode === 'accept' || critic.mode === 'reject' ? critic.mode : 'view';
  const features = document.getIn(['theme', 'features']);
  settings.codeAnnotations = isSeq(features) && features.items.some((item) => isScalar(item) && item.value === 'content.code.annotate');
  const macros = pluginOptions((document.get('plugins', true) as YamlNode | undefined)?.toJS(document, { maxAliasCount: 1000 }), 'macros');
  if (macros !== undefined) {
    settings.macros = {
      variables: literalVariables(document.get('extra', true)),
      renderByDefault: macros.render_by_default !== false,
      start: typeof macros.j2_variable_start_string === 'string' && macros.j2_variable_start_string !== '' ? macros.j2_variable_start_string : '{{',
      end: typeof macros.j2_variable_end_string === 'string' && macros.j2_variable_end_string !== '' ? macros.j2_variable_end_string : '}}',
    };
  }
  return settings;
}

/** `pymdownx.keys` options: `key_map` additions and overrides, `camel_case`, `separator`. */
function keysSettings(options: Record<string, unknown>): KeysSettings {
  const keyMap: Record<string, string> = {};
  if (typeof options.key_map === 'object' && options.key_map !== null) {
    for (const [key, label] of Object.entries(options.key_map)) if (typeof label === 'string' || typeof label === 'number') keyMap[key] = String(label);
  }
  return { keyMap, camelCase: options.camel_case === true, separator: typeof options.separator === 'string' ? options.separator : '+' };
}

/** Each extension of `markdown_extensions` by its short name, with its options (`{}` for none). */
function extensionEntries(list: YamlNode | undefined, document: Document): Map<string, Record<string, unknown>> {
  const entries = new Map<string, Record<string, unknown>>();
  const add = (name: unknown, options: unknown) => {
    if (typeof name !== 'string') return;
    const record = typeof options === 'object' && options !== null && !Array.isArray(options) ? (options as Record<string, unknown>) : {};
    entries.set(name.replace(/^markdown\.extensions\./, ''), record);
  };
  const items = isSeq(list) ? list.items : isMap(list) ? [list] : [];
  for (const item of items) {
    if (isScalar(item)) add(item.value, {});
    else if (isMap(item)) for (const pair of item.items) add(isScalar(pair.key) ? pair.key.value : undefined, (pair.value as YamlNode | null)?.toJS(document, { maxAliasCount: 1000 }));
  }
  return entries;
}
