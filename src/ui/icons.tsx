import type { JSX } from 'preact';

// Icons are drawn on a 24×24 grid with a 2px round stroke and inherit `currentColor`, so one
// CSS colour rule themes them. Each is a list of path outlines: a few bytes per icon.
const iconPaths = {
  /** A four-point sparkle with a small companion star: the "Ask AI" mark. */
  sparkle: [
    'M10 3.5 11.6 8.4a2 2 0 0 0 1.3 1.3L17.5 11.5l-4.6 1.6a2 2 0 0 0-1.3 1.3L10 19l-1.6-4.6a2 2 0 0 0-1.3-1.3L2.5 11.5l4.6-1.8a2 2 0 0 0 1.3-1.3Z',
    'M18.5 2.5v4M16.5 4.5h4',
  ],
  /** A cross: close. */
  close: ['M6 6l12 12M18 6 6 18'],
  /** A square with a pencil: start a new conversation. */
  newConversation: ['M12 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-6', 'M17.5 3.5a2.1 2.1 0 0 1 3 3L12 15l-4 1 1-4Z'],
  /** An arrow pointing up: send. */
  send: ['M12 19V5M5 12l7-7 7 7'],
  /** A rounded square, filled: stop generating. */
  stop: ['M8 6h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2Z'],
  /** Two overlapping sheets: copy. */
  copy: [
    'M11 9h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-8a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2Z',
    'M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1',
  ],
  /** A check mark: done, copied. */
  check: ['M4 12.5 9 17.5 20 6.5'],
  /** A thumb up: helpful. */
  thumbsUp: [
    'M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1Z',
    'M7 10l4-7a2.5 2.5 0 0 1 3 2.6L13.5 9H19a2 2 0 0 1 2 2.3l-1.3 8A2 2 0 0 1 17.7 21H7',
  ],
  /** A thumb down: not helpful. */
  thumbsDown: [
    'M17 14V3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1Z',
    'M17 14l-4 7a2.5 2.5 0 0 1-3-2.6l.5-3.4H5a2 2 0 0 1-2-2.3l1.3-8A2 2 0 0 1 6.3 3H17',
  ],
  /** A circular arrow: regenerate, retry. */
  retry: ['M20 11a8 8 0 1 0-2.3 5.7', 'M20 4v7h-7'],
  /** A page with a folded corner: a documentation source. */
  page: ['M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z', 'M14 3v5h5M9 13h6M9 17h4'],
  /** Angle brackets: a code context item. */
  code: ['m8 7-5 5 5 5M16 7l5 5-5 5'],
  /** Lines of text with a quote bar: a text selection context item. */
  quote: ['M4 5v14M9 7h11M9 12h11M9 17h7'],
  /** A triangle with an exclamation mark: something went wrong. */
  alert: [
    'M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
    'M12 9.5v4M12 17h.01',
  ],
  /** An arrow leaving a box: opens in a new tab. */
  external: ['M14 4h6v6M20 4l-9 9', 'M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5'],
} satisfies Record<string, string[]>;

/** The name of an icon of {@link Icon}. */
export type IconName = keyof typeof iconPaths;

const filledIcons: ReadonlySet<IconName> = new Set<IconName>(['stop']);

/** Props of {@link Icon}. */
export interface IconProps {
  /** Which icon. */
  name: IconName;
  /** Size in CSS pixels. Default `16`. */
  size?: number;
}

/**
 * A small inline SVG icon. Always decorative (`aria-hidden`): the control around it carries
 * the accessible name.
 *
 * @example <Icon name="send" size={18} />
 */
export function Icon({ name, size = 16 }: IconProps): JSX.Element {
  const filled = filledIcons.has(name);
  return (
    <svg
      class="docent-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {iconPaths[name].map((path) => (
        <path d={path} />
      ))}
    </svg>
  );
}
