import { escapeHtml } from './escape-html';

/** Everything one page of the demo site needs from the routes. */
export interface PageLayoutInput {
  /** The page's `<title>` and `<h1>`. */
  title: string;
  /** False when the body already starts with its own `<h1>` (a page written with a `#` heading). */
  showTitle?: boolean;
  /** Meta description and the lead paragraph under the title. */
  description?: string;
  /** The page body, already rendered (trusted HTML). */
  bodyHtml: string;
  /** Navigation entries, in order. */
  navigation: Array<{ title: string; href: string; current: boolean }>;
  /** Links to the pages before and after this one. */
  previous?: { title: string; href: string };
  next?: { title: string; href: string };
  /** The same page in the other mode (strict CSP or not), for the footer link. */
  alternate: { href: string; label: string };
  /** True for the copy of the site served under a strict Content-Security-Policy. */
  strictCsp: boolean;
  /** The widget's script tag attributes, as the docs tell users to write them. */
  widget: { src: string; domain: string; apiKey: string };
}

/** The site's name, in the header and in every `<title>`. */
export const siteName = 'Docent';

const themeToggleIcon = `<svg class="theme-toggle-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.39 5.39 0 0 1-4.4 2.26 5.4 5.4 0 0 1-3.14-9.8c-.44-.06-.9-.1-1.36-.1Z"/></svg>`;
const menuIcon = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z"/></svg>`;

/**
 * The HTML document of a demo-site page: header with the site name and the dark-mode toggle,
 * the navigation, the article, and the widget's script tag. It carries no inline script and no
 * inline style (behaviour is in `/assets/site.js`, looks in `/assets/site.css`), so the same
 * document runs under a strict Content-Security-Policy.
 */
export function renderPageLayout(input: PageLayoutInput): string {
  const navigationItems = input.navigation
    .map(
      (entry) =>
        `<li><a href="${escapeHtml(entry.href)}"${entry.current ? ' aria-current="page"' : ''}>${escapeHtml(entry.title)}</a></li>`,
    )
    .join('\n          ');
  const description = input.description === undefined ? '' : escapeHtml(input.description);
  const pager = [
    input.previous === undefined
      ? ''
      : `<a class="pager-previous" href="${escapeHtml(input.previous.href)}" rel="prev"><span class="pager-label">Previous</span> ${escapeHtml(input.previous.title)}</a>`,
    input.next === undefined
      ? ''
      : `<a class="pager-next" href="${escapeHtml(input.next.href)}" rel="next"><span class="pager-label">Next</span> ${escapeHtml(input.next.title)}</a>`,
  ].join('');
  const strictNotice = input.strictCsp
    ? `<p class="csp-notice" role="note">This copy of the docs is served with a strict Content-Security-Policy (no inline scripts or styles, no eval). The assistant works the same.</p>`
    : '';

  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(input.title)} · ${siteName}</title>
    ${description === '' ? '' : `<meta name="description" content="${description}">`}
    <meta name="color-scheme" content="light dark">
    <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
    <link rel="stylesheet" href="/assets/site.css">
    <script src="/assets/site.js"></script>
  </head>
  <body>
    <a class="skip-link" href="#content">Skip to content</a>
    <header class="site-header">
      <button type="button" class="nav-toggle" id="nav-toggle" aria-controls="site-navigation" aria-expanded="false" aria-label="Menu">${menuIcon}</button>
      <a class="brand" href="${input.strictCsp ? '/strict-csp/docs/' : '/docs/'}"><span class="brand-mark" aria-hidden="true">D</span> ${siteName} <span class="brand-suffix">docs</span></a>
      <button type="button" class="theme-toggle" id="theme-toggle" aria-pressed="false" aria-label="Dark mode">${themeToggleIcon}<span>Dark mode</span></button>
    </header>
    <div class="layout">
      <nav class="site-navigation" id="site-navigation" aria-label="Documentation">
        <ul>
          ${navigationItems}
        </ul>
      </nav>
      <main id="content" tabindex="-1">
        ${strictNotice}
        <article class="doc">
          ${input.showTitle === false ? '' : `<h1>${escapeHtml(input.title)}</h1>`}
          ${description === '' ? '' : `<p class="lead">${description}</p>`}
          ${input.bodyHtml}
        </article>
        ${pager === '' ? '' : `<nav class="pager" aria-label="Pages">${pager}</nav>`}
        <footer class="site-footer">
          <p><a href="${escapeHtml(input.alternate.href)}">${escapeHtml(input.alternate.label)}</a></p>
          <p>Press <kbd>Ctrl</kbd>+<kbd>I</kbd> (<kbd>⌘</kbd><kbd>I</kbd> on a Mac) to ask the docs.</p>
        </footer>
      </main>
    </div>
    <script async src="${escapeHtml(input.widget.src)}" data-domain="${escapeHtml(input.widget.domain)}" data-api-key="${escapeHtml(input.widget.apiKey)}"></script>
  </body>
</html>
`;
}
