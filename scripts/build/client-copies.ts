/**
 * The npm build's split between the widget and `docent/client` (see {@link clientOwnCopies}).
 */
import type { Plugin } from 'vite';

/** The suffix that marks a module as `docent/client`'s own copy (see {@link clientOwnCopies}). */
export const clientCopy = '?docent-client';
/** Whether a module is `docent/client`'s: its own source or one of its copies. */
export const isClientModule = (id: string) => id.endsWith(clientCopy) || /\/src\/client\//.test(id);

/**
 * npm build only: `docent/client` (and the CLI) get their own copy of every module they import
 * from outside `src/client`: the chat SDK, its helpers and zod. The client validates stream
 * events with the SDK's zod schema (`uiMessageChunkSchema`); sharing modules with the widget
 * would put that schema and zod in the widget's chunk, and the widget's chunk in the CLI.
 */
export function clientOwnCopies(): Plugin {
  return {
    name: 'docent:client-own-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (importer === undefined || !isClientModule(importer) || source.endsWith(clientCopy)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved === null || resolved.external || /\/src\/client\//.test(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}${clientCopy}` };
    },
  };
}
