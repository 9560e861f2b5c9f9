/**
 * `<docent-chat>` in Svelte markup (checked by `svelte-check`). Add it to the program once, e.g.
 * in `src/app.d.ts`: `/// <reference types="docent/jsx/svelte" />`. Options in attribute form
 * (`api-key="…"`) or property form (`apiKey="…"`, `labels={{ launcher: 'Ask' }}`): Svelte sets
 * a custom element's known properties as properties.
 * @module
 */
import type { DocentChatOptionProps } from './attributes.js';

/**
 * The props of `<docent-chat>` in Svelte: the options in either form and the global attributes
 * a page sets on it (declared here rather than taken from `svelte/elements`, so that these
 * types compile whether or not Svelte is installed).
 */
export type DocentChatSvelteProps = DocentChatOptionProps & {
  class?: string;
  id?: string;
  style?: string;
  hidden?: boolean;
  slot?: string;
  lang?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
  [data: `data-${string}`]: string | number | boolean | undefined;
};

declare global {
  // Svelte's own namespace for the elements of its markup (svelte2tsx), merged with this one.
  namespace svelteHTML {
    interface IntrinsicElements {
      'docent-chat': DocentChatSvelteProps;
    }
  }
}
