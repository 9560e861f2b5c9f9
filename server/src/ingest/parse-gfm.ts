import { gfmFootnoteFromMarkdown, gfmFootnoteToMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown, gfmStrikethroughToMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown, gfmTableToMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown, gfmTaskListItemToMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Processor } from 'unified';

type MicromarkExtension = ReturnType<typeof gfmTable>;
type FlowConstruct = { tokenize: (this: TokenizerContext, effects: unknown, ok: State, nok: State) => State };
type State = (code: number | null) => State | undefined;
/** The part of micromark's tokenizer context the table gate reads. */
interface TokenizerContext {
  events: Array<[string, { type: string }, unknown]>;
  now(): { offset: number };
}

/** The text being parsed, for the table gate (parsing is synchronous: one text at a time). */
export interface ParseText {
  source: string;
}

/**
 * GitHub-flavoured Markdown for indexing, as a remark plugin: tables, strikethrough, task lists
 * and footnotes, but not autolink literals. A bare URL in prose (`https://…`, `www.…`) stays
 * text: nobody searches for it, and recognising it (at every `h`, `w` and `@` of the text, then
 * again over the whole tree) cost a third of the parse. Tables are only tried where one can
 * start (see {@link gatedTable}), which otherwise costs as much as the rest of GFM.
 *
 * Call `text.source = …` (without a byte order mark) before each parse with the processor
 * this plugin was used on. Serializing writes the same constructs, and a URL in text as written.
 */
export function remarkGfmForIndexing(this: Processor, text: ParseText): undefined {
  const data = this.data();
  (data.toMarkdownExtensions ??= []).push(gfmFootnoteToMarkdown(), gfmStrikethroughToMarkdown(), gfmTableToMarkdown(), gfmTaskListItemToMarkdown());
  (data.micromarkExtensions ??= []).push(gfmFootnote(), gfmStrikethrough(), gatedTable(text), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push(
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
  );
}

// A delimiter row (`| --- | :-: |`, `-|-`, `:--`), after any blockquote markers and indentation.
const delimiterRowLike = /^[ \t>]*[|:-][|:\- \t]*$/;

/**
 * micromark's GFM table construct, tried only where it can succeed. The construct is tried at
 * the start of every line of every paragraph and reads the line to its end before it can fail;
 * a table head row is always followed by a delimiter row, so where the next line cannot be one
 * (and no table is being continued) the attempt is skipped. Otherwise the construct runs as is,
 * so the trees are the same.
 */
export function gatedTable(text: ParseText): MicromarkExtension {
  const table = gfmTable();
  const construct = (table.flow as unknown as Record<string, FlowConstruct> | undefined)?.null;
  if (construct === undefined) return table;
  const gated: FlowConstruct = {
    ...construct,
    tokenize(effects, ok, nok) {
      if (continuesTable(this) || delimiterRowFollows(text.source, this.now().offset)) return construct.tokenize.call(this, effects, ok, nok);
      return nok;
    },
  };
  return { ...table, flow: { null: gated } } as unknown as MicromarkExtension;
}

// A body row continues the table before it: the construct checks for that first (past line
// endings and indentation).
function continuesTable(context: TokenizerContext): boolean {
  const events = context.events;
  let index = events.length - 1;
  while (index > -1) {
    const type = events[index]?.[1].type;
    if (type !== 'lineEnding' && type !== 'linePrefix') return type === 'tableHead' || type === 'tableRow';
    index -= 1;
  }
  return false;
}

/** Whether the line after the one at `offset` could be a table's delimiter row. */
export function delimiterRowFollows(source: string, offset: number): boolean {
  const end = nextLineEnd(source, offset);
  if (end === -1) return false;
  const start = source.charCodeAt(end) === 13 && source.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
  const after = nextLineEnd(source, start);
  const line = source.slice(start, after === -1 ? source.length : after);
  return line.includes('-') && delimiterRowLike.test(line);
}

function nextLineEnd(source: string, from: number): number {
  for (let index = from; index < source.length; index++) {
    const code = source.charCodeAt(index);
    if (code === 10 || code === 13) return index;
  }
  return -1;
}
