import { Lexer } from 'marked';
import type { Links, Token } from 'marked';

/**
 * One top-level Markdown block (a paragraph, a list, a code block, a table…) of an answer,
 * with the tokens `marked`'s lexer produced for it.
 */
export interface MarkdownBlock {
  /** The block's Markdown source, exactly as it appears in the answer. Blocks are memoised by it. */
  readonly source: string;
  /** The block's token (never a `space` or `def` token: those render nothing). */
  readonly token: Token;
}

/** Splits a growing Markdown text into blocks, lexing only what can still change. */
export interface BlockSplitter {
  /**
   * The blocks of `text`. When `text` extends the text of the previous call (a streamed
   * answer growing), blocks that ended before the last one are reused as they are, the very
   * same objects, and only the last block onwards is lexed again.
   */
  split(text: string): readonly MarkdownBlock[];
}

/**
 * Creates a {@link BlockSplitter}: one per rendered answer.
 *
 * Why it is safe to keep finished blocks: appending text to Markdown can only change the last
 * top-level block (a paragraph becoming a setext heading or a table, a list gaining an item, a
 * fence closing). Everything before it stays as it was, so re-lexing from the start of the last
 * block gives the same result as lexing the whole text, at a cost that does not grow with the
 * length of the answer. Link reference definitions seen in finished blocks are carried along.
 *
 * @example
 * const splitter = createBlockSplitter();
 * splitter.split('# Title\n\nFirst'); // [heading, paragraph]
 * splitter.split('# Title\n\nFirst paragraph'); // the same heading object, a new paragraph
 */
export function createBlockSplitter(): BlockSplitter {
  let previousText = '';
  let finishedBlocks: MarkdownBlock[] = [];
  // How many characters of the text the finished blocks (and the blank lines after them) cover.
  let finishedLength = 0;
  let finishedLinks: Links = {};
  let blocks: readonly MarkdownBlock[] = [];

  function reset(): void {
    finishedBlocks = [];
    finishedLength = 0;
    finishedLinks = {};
  }

  return {
    split(text) {
      if (text === previousText) return blocks;
      if (!text.startsWith(previousText)) reset();
      previousText = text;

      const tailSource = text.slice(finishedLength);
      const lexer = new Lexer();
      Object.assign(lexer.tokens.links, finishedLinks);
      const tokens = lexer.lex(tailSource);

      // marked normalises some input (line endings); when the raw parts no longer add up to
      // the source, offsets cannot be trusted, so nothing is marked finished this time.
      const rawLength = tokens.reduce((total, token) => total + token.raw.length, 0);
      const lastContentIndex = findLastContentIndex(tokens);
      const canFinish = rawLength === tailSource.length;

      const tailBlocks: MarkdownBlock[] = [];
      tokens.forEach((token, index) => {
        const isFinished = canFinish && index < lastContentIndex;
        if (isFinished) finishedLength += token.raw.length;
        if (token.type === 'def') {
          if (isFinished) finishedLinks = { ...finishedLinks, ...lexer.tokens.links };
          return;
        }
        if (token.type === 'space') return;
        const block: MarkdownBlock = { source: token.raw, token };
        if (isFinished) finishedBlocks.push(block);
        else tailBlocks.push(block);
      });

      blocks = tailBlocks.length === 0 ? finishedBlocks.slice() : [...finishedBlocks, ...tailBlocks];
      return blocks;
    },
  };
}

function findLastContentIndex(tokens: readonly Token[]): number {
  for (let index = tokens.length - 1; index >= 0; index -= 1) {
    // A definition counts: the one being streamed can still grow.
    if (tokens[index]?.type !== 'space') return index;
  }
  return tokens.length;
}
