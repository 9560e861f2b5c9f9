import type { JSX } from 'preact';
import { Icon } from './icons.js';
import { safeLink } from './link-safety.js';
import { followInPlace, isSameSite } from './site-navigation.js';

/** A documentation page an answer cites (a `source-url` part). */
export interface Source {
  url: string;
  title: string;
}

/** Props of {@link Sources}. */
export interface SourcesProps {
  /** The cited pages, in the order the answer gave them. Duplicated URLs are shown once. */
  sources: readonly Source[];
  /** Heading of the list (`labels.sources`). */
  heading: string;
  /** Called when the reader follows a source (the link still navigates, see {@link Sources}). */
  onSourceClick(source: Source): void;
}

/**
 * The answer's sources as a list of links under it; unsafe URLs are left out. Pages of the
 * site the widget is on (same origin, as a path or an absolute URL) open in place, through the
 * site's router when it has one (`navigateInPlace`); other sites open in a new tab, marked with
 * the external-link icon. A click with a modifier (new tab, new window) is the browser's.
 */
export function Sources({ sources, heading, onSourceClick }: SourcesProps): JSX.Element | null {
  const seen = new Set<string>();
  const links: Array<Source & { external: boolean }> = [];
  for (const source of sources) {
    const safe = safeLink(source.url);
    if (safe === null || seen.has(safe.href)) continue;
    seen.add(safe.href);
    links.push({ url: safe.href, title: source.title, external: !isSameSite(safe.href) });
  }
  if (links.length === 0) return null;
  return (
    // A labelled group, not a <nav>: every answer has sources, and a landmark per answer would
    // fill the host page's landmark list with identical "Sources" entries.
    <div class="docent-sources" role="group" aria-label={heading}>
      <p class="docent-sources-heading" aria-hidden="true">
        {heading}
      </p>
      <ul>
        {links.map((link) => (
          <li key={link.url}>
            <a
              class="docent-source"
              href={link.url}
              target={link.external ? '_blank' : undefined}
              rel={link.external ? 'noopener noreferrer' : undefined}
              onClick={(event) => {
                onSourceClick({ url: link.url, title: link.title });
                if (!link.external) followInPlace(event, link.url);
              }}
            >
              <Icon name="page" size={14} />
              <span class="docent-source-title">{link.title}</span>
              {link.external ? <Icon name="external" size={12} /> : null}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A readable title for a source without one: the last path segment, or the anchor, in words.
 * @example sourceTitle('/docs/getting-started#install') // "getting started › install"
 */
export function sourceTitle(url: string): string {
  const [path = '', anchor] = url.split('#');
  const segment = path.replace(/\/+$/, '').split('/').pop() || path || url;
  const words = (text: string) => decodeURIComponentSafe(text).replace(/[-_]+/g, ' ').trim();
  return anchor ? `${words(segment)} › ${words(anchor)}` : words(segment) || url;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
