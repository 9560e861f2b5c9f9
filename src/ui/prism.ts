import type { Grammar, TokenStream } from 'prismjs';
// Prism's core as refractor ships it: the same tokenizer, without Prism's DOM code (page
// highlighting, workers, HTML output) and without a `Prism` global, so the host page's own
// Prism, if any, is never read or written. Imported by path: refractor exports only its
// hast-producing wrapper, which the widget does not need.
import { Prism as prismCore } from '../../node_modules/refractor/lib/prism-core.js';

/** A grammar module from `refractor/<language>`: a function that adds its grammar to a Prism. */
export type PrismSyntax = ((prism: PrismInstance) => void) & { readonly displayName: string };

/** The part of Prism's core the widget highlights with, and refractor's `register` for grammar modules. */
export interface PrismInstance {
  /** Grammars by name; `extend` and `insertBefore` build one grammar on another. */
  languages: Record<string, Grammar | undefined> & {
    extend(id: string, redefinition: Grammar): Grammar;
    insertBefore(inside: string, before: string, insert: Grammar, root?: Record<string, unknown>): Grammar;
  };
  /** Splits `text` into Prism tokens by `grammar`. */
  tokenize(text: string, grammar: Grammar): TokenStream;
  /** Grammar hooks (`before-tokenize`, `after-tokenize`), run around {@link PrismInstance.tokenize}. */
  hooks: { add(name: string, callback: (environment: Record<string, unknown>) => void): void; run(name: string, environment: object): void };
  /** Adds a `refractor/<language>` grammar module (and the ones it extends) once. */
  register(syntax: PrismSyntax): void;
}

/**
 * The widget's own Prism instance: refractor's copy of Prism's core, with refractor's grammar
 * modules (ES modules that take the instance as an argument, where `prismjs`'s grammar files
 * are scripts that write to a global `Prism`).
 *
 * @example
 * prism.register(json);
 * prism.tokenize('{"a": 1}', prism.languages.json!);
 */
export const prism: PrismInstance = Object.assign(prismCore as unknown as Omit<PrismInstance, 'register'>, {
  register(syntax: PrismSyntax): void {
    // Grammars register the grammars they extend; each is added once.
    if (prism.languages[syntax.displayName] === undefined) syntax(prism);
  },
});
