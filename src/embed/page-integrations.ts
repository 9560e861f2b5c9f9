import { effect } from '@preact/signals-core';
import { attachCodeBlockButtons, createSelectionTracker } from '../core/page-context.js';
import { parseShortcut } from '../core/shortcut.js';
import type { WidgetStore } from '../core/store.js';
import { preloadConversation } from '../ui/conversation-loader.js';
import { whenIdle } from './idle.js';
import { isolateKeystrokes, listenForShortcut } from './keyboard.js';

/**
 * Connects a widget to its host page: the keyboard shortcut, keystroke isolation at the
 * shadow host, selection tracking and the code-block button (a layer outside the page's tree,
 * so hydration of the page is never disturbed). Each follows the options live
 * (`Docent.update()`); the selection tracker and the code-block listeners start when the browser
 * is idle, so the page's load sees no long task from them. Then, still at idle and one slice
 * per idle callback, the conversation's code is loaded, so that the first open finds it ready.
 * @returns a function that disconnects everything.
 */
export function connectToPage(store: WidgetStore, host: Element): () => void {
  const document = host.ownerDocument;
  const view = document.defaultView;
  const stops: Array<() => void> = [];

  stops.push(
    isolateKeystrokes(
      host,
      () => {
        const text = store.options.peek().shortcut;
        return text === null ? null : parseShortcut(text);
      },
      () => store.toggle(),
    ),
  );

  stops.push(
    effect(() => {
      const shortcut = store.options.value.shortcut;
      if (shortcut === null || view === null) return;
      return listenForShortcut(view, shortcut, () => store.toggle());
    }),
  );

  stops.push(
    effect(() => {
      if (!store.options.value.selection) return;
      let stopTracking: (() => void) | undefined;
      const cancel = whenIdle(() => (stopTracking = createSelectionTracker(store, document, host)));
      return () => {
        cancel();
        stopTracking?.();
      };
    }),
  );

  stops.push(
    effect(() => {
      const { codeBlocks, labels, styleNonce, zIndex } = store.options.value;
      if (codeBlocks === null) return;
      let detach: (() => void) | undefined;
      const cancel = whenIdle(() => {
        detach = attachCodeBlockButtons(
          document,
          codeBlocks,
          (item) => {
            store.addContext(item);
            store.open();
          },
          // Under the panel, which may open over the block.
          { label: labels.askAboutCode, text: labels.launcher, styleNonce, path: () => store.currentPath(), zIndex: zIndex - 1 },
        );
      });
      return () => {
        cancel();
        detach?.();
      };
    }),
  );

  stops.push(whenIdle(() => preloadConversation(whenIdle)));

  return () => {
    for (const stop of stops.reverse()) stop();
  };
}
