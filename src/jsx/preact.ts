/**
 * `<docent-chat>` in Preact's JSX. Add it to the program once, e.g. in `src/vite-env.d.ts`:
 * `/// <reference types="docent/jsx/preact" />`. Options in attribute form (`api-key="…"`) or
 * property form (`apiKey="…"`, `labels={{ launcher: 'Ask' }}`): Preact sets a custom element's
 * known properties as properties.
 * @module
 */
import type { JSX } from 'preact';
import type { DocentChatElement } from '../element.js';
import type { DocentChatOptionProps } from './attributes.js';

/** The props of `<docent-chat>` in Preact: HTML attributes, a ref to the element, the options in either form. */
export type DocentChatPreactProps = Omit<JSX.HTMLAttributes<DocentChatElement>, keyof DocentChatOptionProps> & DocentChatOptionProps;

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'docent-chat': DocentChatPreactProps;
    }
  }
}
