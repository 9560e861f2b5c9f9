import type { Token, Tokens } from 'marked';
import type { ComponentChildren, JSX } from 'preact';
import { memo } from 'preact/compat';
import { useMemo } from 'preact/hooks';
import type { Labels } from '../core/labels.js';
import { CodeBlock } from './CodeBlock.js';
import { decodeEntities } from './html-entities.js';
import { safeLink } from './link-safety.js';
import { createBlockSplitter } from './markdown-blocks.js';
import { followInPlace, isSameSite } from './site-navigation.js';
import type { MarkdownBlock } from './markdown-blocks.js';

/** The labels Markdown rendering needs (the code blocks' copy buttons). */
export type MarkdownLabels = Pick<Labels, 'copyCode' | 'copied'>;

/** Props of {@link Markdown}. */
export interface MarkdownProps {
  /** The Markdown text; while streaming, it grows with each chunk. */
  text: string;
  /** `true` while more text may arrive: the last block is then treated as unfinished. */
  streaming?: boolean;
  /** Labels of the code blocks' copy buttons. */
  labels: MarkdownLabels;
}

/**
 * Renders Markdown from the model as Preact nodes: `marked`'s lexer tokens mapped to
 * elements, never an HTML string, so nothing in the answer is parsed as HTML. Raw HTML in the
 * text is shown as text; links are kept only when {@link safeLink} allows them; images are
 * shown as links (an answer must not make the reader's browser load arbitrary URLs).
 *
 * The text is split into top-level blocks and each block is memoised by its source, so while
 * an answer streams only its last block is lexed and rendered again.
 */
export function Markdown({ text, streaming = false, labels }: MarkdownProps): JSX.Element {
  const splitter = useMemo(createBlockSplitter, []);
  const blocks = splitter.split(text);
  return (
    <div class="docent-markdown">
      {blocks.map((block, index) => (
        <BlockView
          key={index}
          block={block}
          complete={!streaming || index < blocks.length - 1}
          labels={labels}
        />
      ))}
    </div>
  );
}

interface BlockViewProps {
  block: MarkdownBlock;
  complete: boolean;
  labels: MarkdownLabels;
}

// A finished block keeps its source, so it is skipped entirely on later renders: its DOM
// nodes stay the very same objects while the answer keeps streaming below it.
const BlockView = memo(
  function BlockView({ block, complete, labels }: BlockViewProps): JSX.Element {
    return <>{renderBlock(block.token, { complete, labels })}</>;
  },
  (previous, next) =>
    previous.block.source === next.block.source && previous.complete === next.complete && previous.labels === next.labels,
);

interface RenderContext {
  /** The block is finished (not the one still streaming). */
  complete: boolean;
  labels: MarkdownLabels;
}

const closingFence = /\n[ \t]*(`{3,}|~{3,})[ \t]*\n?$/;

function renderBlocks(tokens: readonly Token[], context: RenderContext): ComponentChildren[] {
  return tokens.map((token) => renderBlock(token, context));
}

function renderBlock(token: Token, context: RenderContext): ComponentChildren {
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'heading': {
      // The panel's title is the dialog's heading, so answer headings start one level below it.
      const level = Math.min(6, (token as Tokens.Heading).depth + 2);
      const Heading = `h${level}` as 'h3';
      return <Heading class="docent-heading">{renderInline(token.tokens ?? [])}</Heading>;
    }
    case 'paragraph':
      return <p>{renderInline(token.tokens ?? [])}</p>;
    case 'text':
      return token.tokens ? renderInline(token.tokens) : decodeEntities(token.text as string);
    case 'code': {
      const code = token as Tokens.Code;
      const complete = context.complete || closingFence.test(code.raw);
      return <CodeBlock code={code.text} language={code.lang} complete={complete} labels={context.labels} />;
    }
    case 'blockquote':
      return <blockquote>{renderBlocks(token.tokens ?? [], context)}</blockquote>;
    case 'list':
      return renderList(token as Tokens.List, context);
    case 'table':
      return renderTable(token as Tokens.Table);
    case 'hr':
      return <hr />;
    case 'checkbox':
      return renderCheckbox((token as Tokens.Checkbox).checked);
    case 'html':
      // Raw HTML from the model is shown as the text it is, never interpreted.
      return <p class="docent-raw-html">{token.raw}</p>;
    default:
      return renderUnknown(token);
  }
}

// Tokens of extensions or future marked versions: their text, never their HTML.
function renderUnknown(token: Tokens.Generic): ComponentChildren {
  return token.tokens ? renderInline(token.tokens) : token.raw;
}

function renderList(list: Tokens.List, context: RenderContext): JSX.Element {
  const items = list.items.map((item) => (
    <li class={item.task ? 'docent-task' : undefined}>{renderBlocks(item.tokens, context)}</li>
  ));
  if (!list.ordered) return <ul>{items}</ul>;
  const start = typeof list.start === 'number' && list.start !== 1 ? list.start : undefined;
  return <ol start={start}>{items}</ol>;
}

function renderTable(table: Tokens.Table): JSX.Element {
  const alignment = (index: number): JSX.CSSProperties | undefined => {
    const align = table.align[index];
    return align ? { textAlign: align } : undefined;
  };
  return (
    // Focusable so a keyboard can scroll a wide table sideways.
    <div class="docent-table" tabIndex={0}>
      <table>
        <thead>
          <tr>
            {table.header.map((cell, index) => (
              <th scope="col" style={alignment(index)}>
                {renderInline(cell.tokens)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr>
              {row.map((cell, index) => (
                <td style={alignment(index)}>{renderInline(cell.tokens)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function renderCheckbox(checked: boolean): JSX.Element {
  return <span class={checked ? 'docent-task-box docent-is-checked' : 'docent-task-box'}>{checked ? '☑ ' : '☐ '}</span>;
}

function renderInline(tokens: readonly Token[]): ComponentChildren[] {
  return tokens.map(renderInlineToken);
}

function renderInlineToken(token: Token): ComponentChildren {
  switch (token.type) {
    case 'text':
      return token.tokens ? renderInline(token.tokens) : decodeEntities(token.text as string);
    case 'escape':
      return decodeEntities(token.text as string);
    case 'strong':
      return <strong>{renderInline(token.tokens ?? [])}</strong>;
    case 'em':
      return <em>{renderInline(token.tokens ?? [])}</em>;
    case 'del':
      return <del>{renderInline(token.tokens ?? [])}</del>;
    case 'codespan':
      return <code>{token.text as string}</code>;
    case 'br':
      return <br />;
    case 'link':
      return renderLink(token as Tokens.Link);
    case 'image':
      return renderImage(token as Tokens.Image);
    case 'checkbox':
      return renderCheckbox((token as Tokens.Checkbox).checked);
    case 'html':
      return token.raw;
    default:
      return renderUnknown(token);
  }
}

function renderLink(link: Tokens.Link): ComponentChildren {
  const children = renderInline(link.tokens);
  const safe = safeLink(link.href);
  if (!safe) return <span class="docent-unsafe-link">{children}</span>;
  return (
    <SiteLink href={safe.href} title={link.title ?? undefined}>
      {children}
    </SiteLink>
  );
}

/**
 * A link in an answer: a page of the site the widget is on opens in place (through the site's
 * router when it has one, like the sources), another site in a new tab.
 */
function SiteLink({ href, title, children }: { href: string; title?: string; children: ComponentChildren }): JSX.Element {
  if (!isSameSite(href)) {
    return (
      <a href={href} title={title} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <a href={href} title={title} onClick={(event) => followInPlace(event, href)}>
      {children}
    </a>
  );
}

function renderImage(image: Tokens.Image): ComponentChildren {
  const description = decodeEntities(image.text) || image.href;
  const safe = safeLink(image.href);
  if (!safe) return description;
  return <SiteLink href={safe.href}>{description}</SiteLink>;
}
