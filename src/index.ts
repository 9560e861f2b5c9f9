// Must stay the first import: zod has to be jitless before the chat SDK builds its schemas.
import './core/jitless.js';

/**
 * The npm entry of Docent.
 * - `mount(target, options)`: starts the widget in a shadow root and returns its instance API
 *   (the same as `window.Docent` of the script tag).
 * - `Assistant`: the Preact component, for apps that render it themselves: give it a store from
 *   `createWidgetStore(resolveOptions(options).options)` and apply `assistantStyles` to the
 *   shadow root (or document) it renders in. It connects to its page (shortcut, selection,
 *   code-block buttons) unless `pageIntegrations` is false.
 * - `docent/element` registers `<docent-chat>`; `docent/jsx/react` (and `preact`, `vue`,
 *   `svelte`) type the tag in JSX and templates.
 * Every entry imports in Node without a DOM (server-side rendering).
 */
export { mount, type DocentInstance, type MountSettings } from './embed/mount.js';
export { Assistant } from './ui/Assistant.js';
export { assistantStyles } from './ui/styles.js';
export { createWidgetStore, type WidgetStore, type PageSelection, type PendingQuestion, type StoreEnvironment } from './core/store.js';
export {
  resolveOptions,
  type DocentOptions,
  type ResolvedOptions,
  type OptionsResolution,
  type Theme,
} from './core/options.js';
export { defaultLabels, type Labels } from './core/labels.js';
export type { ContextItem, DocentMessageMetadata, DocentMessagePart, DocentUIMessage } from './core/context-item.js';
export type { DocentEventMap, DocentEventName, DocentEventHandler } from './core/events.js';
export { AssistantError, classifyError, type AssistantErrorKind } from './core/assistant-error.js';
export { docentVersion as version } from './core/version.js';
