import type { DocentOptions } from '../core/option-types.js';

/** `apiKey` → `api-key`: how an option is written as an attribute of `<docent-chat>`. */
export type KebabCase<Name extends string> = Name extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `-${Lowercase<First>}`}${KebabCase<Rest>}`
  : Name;

// Attributes are text: objects and lists as JSON, numbers and booleans also as their text.
type AttributeValue<Value> = Value extends object
  ? string
  : Value extends number
    ? Value | `${number}`
    : Value extends boolean
      ? Value | 'true' | 'false' | ''
      : Value;

/**
 * The options of `<docent-chat>` in attribute form (kebab-case, text values; objects as JSON):
 * `<docent-chat domain="acme" api-key="svc_dsc_…" retrieval-page-size="8">`. A misspelt name or
 * a value outside an option's choices (`theme="purple"`) is a type error.
 */
export type DocentChatAttributes = {
  [Name in keyof DocentOptions as KebabCase<Name>]?: AttributeValue<DocentOptions[Name]>;
};

/**
 * The options of `<docent-chat>` in property form (camelCase, typed values), for frameworks that
 * set properties on custom elements (Preact, Vue, Svelte, React 19):
 * `<docent-chat domain="acme" apiKey="svc_dsc_…" labels={{ launcher: 'Ask' }}>`.
 */
export type DocentChatProperties = Partial<DocentOptions>;

/**
 * Both forms together, for frameworks that set a custom element's known properties and pass
 * the rest as attributes (Preact, Vue, Svelte): `api-key="…"` and `apiKey="…"` both work, and
 * `labels={{ launcher: 'Ask' }}` sets the property.
 */
export type DocentChatOptionProps = {
  [Name in keyof DocentOptions as Name | KebabCase<Name>]?: DocentOptions[Name] | AttributeValue<DocentOptions[Name]>;
};
