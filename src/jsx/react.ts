/**
 * `<docent-chat>` in React's JSX (React 18 and 19). Add it to the program once, e.g. in
 * `src/vite-env.d.ts`: `/// <reference types="docent/jsx/react" />`.
 *
 * Attributes only (kebab-case, `api-key="…"`): React 18 passes every prop to a custom element as
 * an attribute, so a camelCase `apiKey` would arrive as the unknown attribute `apikey`. Set
 * object options as JSON (`labels='{"launcher":"Ask"}'`) or through a ref
 * (`ref.current.labels = { launcher: 'Ask' }`, typed by `DocentChatElement`).
 * @module
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { DocentChatElement } from '../element.js';
import type { DocentChatAttributes } from './attributes.js';

/** The props of `<docent-chat>` in React: HTML attributes, a ref to the element, the options as attributes. */
export type DocentChatReactProps = DetailedHTMLProps<HTMLAttributes<DocentChatElement>, DocentChatElement> & DocentChatAttributes;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'docent-chat': DocentChatReactProps;
    }
  }
}
