import { Marked, Renderer } from 'marked';
import type { Tokens } from 'marked';
import { gfmAnchorSlugger, gfmHeadingText } from '../../server/src/ingest/dialects/gfm';
import { highlightToHtml } from './code-highlight';
import { escapeHtml } from './escape-html';

/** Options of {@link renderMarkdown}. */
export interface RenderMarkdownOptions {
  /**
   * Rewrites the `href` of links in the page, e.g. to keep readers of the strict-CSP copy of
   * the site inside it. Default: links are left as written.
   * @example { mapHref: (href) => href.replace(/^\/docs\//, '/strict-csp/docs/') }
   */
  mapHref?: (href: string) => string;
}

/** A rendered page body and the headings it links to. */
export interface RenderedMarkdown {
  /** The page body as HTML. */
  html: string;
  /** Every heading in document order, with its `id` (the anchor the assistant's source links use). */
  headings: Array<{ depth: number; text: string; id: string }>;
}

const languageAliases: Record<string, string> = {
  html: 'xml',
  js: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  sh: 'bash',
  shell: 'bash',
  yml: 'yaml',
  md: 'markdown',
};

/**
 * Renders a documentation page's Markdown to HTML for the demo site.
 *
 * - Headings get the same ids the retrieval index gives their sections (one slugger per page,
 *   every heading in document order, made from the heading's plain text), so a source link
 *   `/docs/page#anchor` lands on its heading.
 * - Code blocks become `<pre><code class="language-x">`, highlighted server-side, inside a
 *   `div.code-block`; a fence can name that wrapper's id: ```` ```js id=analytics-listener ````
 *   (the widget reports the id as the code's `elementId`).
 * - Raw HTML in the Markdown is shown as text, so a page can never carry an inline script or
 *   style and the site keeps working under a strict Content-Security-Policy.
 *
 * @example renderMarkdown('## Dark mode\n\nText').html // '<h2 id="dark-mode">…'
 */
export function renderMarkdown(markdown: string, options: RenderMarkdownOptions = {}): RenderedMarkdown {
  const slug = gfmAnchorSlugger();
  const headings: RenderedMarkdown['headings'] = [];
  const mapHref = options.mapHref ?? ((href: string) => href);

  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(token: Tokens.Heading) {
        // The heading's own Markdown, read by the parser ingestion uses, so anchors match the index's.
        const text = gfmHeadingText(token.raw.trim());
        const id = slug(text);
        headings.push({ depth: token.depth, text, id });
        return `<h${token.depth} id="${escapeHtml(id)}">${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
      },
      code(token: Tokens.Code) {
        const { language, wrapperId } = parseFenceInfo(token.lang);
        const code = token.text.replace(/\n$/, '');
        const highlighted = highlightToHtml(code, language === undefined ? undefined : (languageAliases[language] ?? language));
        const languageClass = language === undefined ? '' : ` class="language-${escapeHtml(language)}"`;
        const idAttribute = wrapperId === undefined ? '' : ` id="${escapeHtml(wrapperId)}"`;
        return `<div class="code-block"${idAttribute}><pre><code${languageClass}>${highlighted}\n</code></pre></div>\n`;
      },
      table(token: Tokens.Table) {
        // Wide tables scroll inside their own box on phones instead of widening the page.
        return `<div class="table-scroll">${Renderer.prototype.table.call(this, token)}</div>\n`;
      },
      link(token: Tokens.Link) {
        return Renderer.prototype.link.call(this, { ...token, href: mapHref(token.href) });
      },
      html(token: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(token.text);
      },
    },
  });

  const html = marked.parse(markdown, { async: false });
  return { html, headings };
}

/**
 * Splits a fence's info string into its language and an optional `id=` for the code block's
 * wrapper: `js id=analytics-listener` → `{ language: 'js', wrapperId: 'analytics-listener' }`.
 */
export function parseFenceInfo(info: string | undefined): { language?: string; wrapperId?: string } {
  const words = (info ?? '').trim().split(/\s+/).filter((word) => word !== '');
  const result: { language?: string; wrapperId?: string } = {};
  const first = words[0];
  if (first !== undefined && !first.startsWith('id=')) result.language = first.toLowerCase();
  for (const word of words) {
    const match = /^id=["']?([A-Za-z][\w-]*)["']?$/.exec(word);
    if (match?.[1]) result.wrapperId = match[1];
  }
  return result;
}
