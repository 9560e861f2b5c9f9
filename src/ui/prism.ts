/// <reference path="./prism-core.d.ts" />
import { restoreHostPrism } from './prism-host-guard.js';
import prismCore from 'prismjs/components/prism-core.js';

restoreHostPrism();

/** A grammar module from `refractor/<language>`: a function that adds its grammar to a Prism. */
export type PrismSyntax = ((prism: PrismInstance) => void) & { readonly displayName: string };

/** The Prism core the widget highlights with, with refractor's `register` for its grammar modules. */
export type PrismInstance = typeof prismCore & { register(syntax: PrismSyntax): void };

/**
 * The widget's own Prism instance. Its core comes from `prismjs`; the grammars come from
 * `refractor`, which ships Prism's grammars as ES modules that take the instance as an argument,
 * whereas `prismjs`'s grammar files are scripts that write to a global `Prism` (the host page's,
 * if it has one). Never the host page's `window.Prism`: see prism-host-guard.ts.
 *
 * @example
 * prism.register(json);
 * prism.tokenize('{"a": 1}', prism.languages.json);
 */
export const prism: PrismInstance = Object.assign(prismCore, {
  register(syntax: PrismSyntax): void {
    // Grammars register the grammars they extend; each is added once.
    if (prismCore.languages[syntax.displayName] === undefined) syntax(prism);
  },
});

// Belt and braces for a host whose `Prism` could not be swapped out: the core checks this flag
// again before it would highlight the page.
prism.manual = true;
