import type { Labels } from './labels.js';

/** Colour scheme of the widget: `auto` follows the reader's system setting and the host page. */
export type Theme = 'auto' | 'light' | 'dark';

/**
 * The widget's options, as given to `mount()`, `Docent.update()` or `<docent-chat>` properties.
 * Every option also has a `data-*` form on the script tag (kebab-case: `apiKey` → `data-api-key`);
 * objects and arrays are written as JSON there.
 */
export interface DocentOptions {
  /**
   * The documentation site's domain identifier (the end of the dashboard URL). Required.
   * @example 'acme-docs' // data-domain="acme-docs"
   */
  domain: string;
  /**
   * The assistant API key (`svc_dsc_…`), public and safe in a web page. Required. An admin key
   * (`svc_…` without `dsc_`) is refused and the widget does not start.
   * @example 'svc_dsc_1a2b3c' // data-api-key="svc_dsc_1a2b3c"
   */
  apiKey: string;
  /**
   * Where the assistant API lives. Default: the page's origin (a same-origin proxy).
   * @example 'https://api.example.com' // data-base-url="https://api.example.com"
   */
  baseUrl?: string;
  /**
   * Identifies the reader to the service (sent as `fp`). Default `"anonymous"`; the widget never
   * sets cookies or fingerprints.
   * @example 'user-42'
   */
  userId?: string;
  /**
   * How many documentation search results the answer uses, 1 to 20. Default 5.
   * @example 8 // data-retrieval-page-size="8"
   */
  retrievalPageSize?: number;
  /**
   * Filter criteria for the documentation search, passed through to the service. Default none.
   * @example { version: 'v2' } // data-filter='{"version":"v2"}'
   */
  filter?: Record<string, unknown> | null;
  /** The panel's title (also its accessible name). Default `"Ask AI"`. @example 'Ask Acme AI' */
  title?: string;
  /** Placeholder of the message input. Default `"Ask a question about the docs…"`. */
  placeholder?: string;
  /**
   * Up to 4 starter questions shown in an empty conversation. Default none.
   * @example ['How do I install it?', 'How do I theme it?'] // data-suggestions='["How do I install it?"]'
   */
  suggestions?: string[];
  /** The line under the input. Default: an AI-may-be-wrong notice; `false` or `""` hides it. */
  disclaimer?: string | false;
  /** `auto` (default) follows the host page's own dark-mode signal (see `themeSelector`), else `prefers-color-scheme`. */
  theme?: Theme;
  /**
   * For a site that marks dark mode in its own way: a CSS selector that matches an element of the
   * page exactly when the page is dark (checked again whenever an attribute of `<html>` or
   * `<body>` changes). With `theme: 'auto'` it replaces the built-in detection (VitePress
   * `html.dark`, Docusaurus and Starlight `html[data-theme=dark]`, MkDocs Material
   * `body[data-md-color-scheme=slate]`) and the system setting. Default none.
   * @example 'html[data-bs-theme="dark"]' // data-theme-selector='html[data-bs-theme="dark"]'
   */
  themeSelector?: string;
  /** Accent colour (any CSS colour). Default: the stylesheet's blue. @example '#7c3aed' */
  accent?: string;
  /** Corner radius (CSS length, or a number of pixels). Default `12px`. @example 8 */
  radius?: string | number;
  /** Font family of the widget. Default: the system UI font. @example '"Inter", sans-serif' */
  font?: string;
  /** `z-index` of the launcher and panel. Default 2147483000. @example 50 */
  zIndex?: number;
  /** Side of the launcher and side panel: `right` (default) or `left`. */
  position?: 'right' | 'left';
  /**
   * Keyboard shortcut that toggles the panel; `mod` is ⌘ on Mac, Ctrl elsewhere. Default
   * `"mod+i"`; `false` disables it.
   * @example 'mod+k' // data-shortcut="mod+k"; data-shortcut="false" disables it
   */
  shortcut?: string | false;
  /** Show the floating launcher button. Default true; `false` when the host opens the panel from its own button. */
  launcher?: boolean;
  /** Start with the panel open. Default false. */
  open?: boolean;
  /** Offer "Ask AI about this selection" next to text selected in the page. Default true. */
  selection?: boolean;
  /**
   * CSS selector of the page's code blocks that get an "Ask AI" button. Default `"pre"`;
   * `false` disables the buttons.
   * @example 'pre.highlight'
   */
  codeBlocks?: string | false;
  /** Overrides of any visible string (i18n). Default: English. @example { launcher: 'KI fragen' } */
  labels?: Partial<Labels>;
  /** Nonce for a `<style nonce>` element, for CSPs that need one instead of constructable stylesheets. */
  styleNonce?: string;
}

/** The options with every default filled in; what the store and the UI read. */
export interface ResolvedOptions {
  domain: string;
  apiKey: string;
  /** Absolute, without a trailing slash. */
  baseUrl: string;
  userId: string;
  retrievalPageSize: number;
  filter: Record<string, unknown> | null;
  title: string;
  placeholder: string;
  suggestions: string[];
  /** Empty when hidden. */
  disclaimer: string;
  theme: Theme;
  /** Selector that matches when the host page is dark, or null for the built-in detection. */
  themeSelector: string | null;
  accent: string | null;
  /** A CSS length, or null for the stylesheet's default. */
  radius: string | null;
  font: string | null;
  zIndex: number;
  position: 'right' | 'left';
  /** The shortcut text (valid for `parseShortcut`), or null when disabled. */
  shortcut: string | null;
  launcher: boolean;
  open: boolean;
  selection: boolean;
  /** Selector of code blocks, or null when disabled. */
  codeBlocks: string | null;
  /** All labels; `labels.title` and `labels.placeholder` agree with `title` and `placeholder`. */
  labels: Labels;
  styleNonce: string | null;
}
