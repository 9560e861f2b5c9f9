import { describe, expect, it } from 'vitest';
import { Lexer } from 'marked';
import { createBlockSplitter } from './markdown-blocks.js';

const answer = [
  '# Install',
  '',
  'Run this [command][npm]:',
  '',
  '```bash',
  'npm install docent',
  '```',
  '',
  '- one',
  '- two',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '[npm]: https://www.npmjs.com/package/docent',
  '',
  'Done.',
].join('\n');

function types(text: string): string[] {
  return Lexer.lex(text)
    .filter((token) => token.type !== 'space' && token.type !== 'def')
    .map((token) => `${token.type}:${token.raw}`);
}

describe('createBlockSplitter', () => {
  it('gives the same blocks as lexing the whole text, whatever the chunking', () => {
    for (const chunkSize of [1, 3, 7, 50]) {
      const splitter = createBlockSplitter();
      let blocks = splitter.split('');
      for (let end = chunkSize; end < answer.length + chunkSize; end += chunkSize) {
        const text = answer.slice(0, end);
        blocks = splitter.split(text);
        expect(blocks.map((block) => `${block.token.type}:${block.source}`)).toEqual(types(text));
      }
      expect(blocks.map((block) => block.token.type)).toEqual(['heading', 'paragraph', 'code', 'list', 'table', 'paragraph']);
    }
  });

  it('keeps finished blocks as the same objects while the last one grows', () => {
    const splitter = createBlockSplitter();
    const first = splitter.split('# Title\n\nFirst paragraph.\n\nSecond');
    const second = splitter.split('# Title\n\nFirst paragraph.\n\nSecond paragraph, longer.');
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(second[2]).not.toBe(first[2]);
    expect(second[2]?.source).toBe('Second paragraph, longer.');
  });

  it('lets the last block change kind (a paragraph becoming a table, a list gaining items)', () => {
    const splitter = createBlockSplitter();
    expect(splitter.split('Intro\n\n| a | b |\n').map((block) => block.token.type)).toEqual(['paragraph', 'paragraph']);
    expect(splitter.split('Intro\n\n| a | b |\n|---|---|\n| 1 | 2 |').map((block) => block.token.type)).toEqual([
      'paragraph',
      'table',
    ]);
    const lists = createBlockSplitter();
    lists.split('- a\n\n');
    const blocks = lists.split('- a\n\n- b');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.token.type).toBe('list');
  });

  it('resolves reference links defined in finished blocks', () => {
    const splitter = createBlockSplitter();
    splitter.split('[docs]: https://example.com/docs\n\nSee ');
    const blocks = splitter.split('[docs]: https://example.com/docs\n\nSee [the docs][docs].');
    const paragraph = blocks.at(-1)?.token as { tokens: Array<{ type: string; href?: string }> };
    expect(paragraph.tokens.find((token) => token.type === 'link')?.href).toBe('https://example.com/docs');
  });

  it('starts over when the text is replaced rather than extended', () => {
    const splitter = createBlockSplitter();
    splitter.split('First answer.\n\nWith two blocks.');
    const blocks = splitter.split('Another answer.');
    expect(blocks.map((block) => block.source)).toEqual(['Another answer.']);
  });

  it('does not re-lex finished blocks: lexing work per chunk stays flat as the answer grows', () => {
    const splitter = createBlockSplitter();
    const paragraph = 'A sentence about the docs, long enough to matter. '.repeat(4);
    let text = '';
    const lexed: number[] = [];
    const original = Lexer.prototype.lex;
    Lexer.prototype.lex = function (this: Lexer, source: string) {
      lexed.push(source.length);
      return original.call(this, source);
    };
    try {
      for (let index = 0; index < 200; index += 1) {
        text += `${paragraph}\n\n`;
        splitter.split(text);
      }
    } finally {
      Lexer.prototype.lex = original;
    }
    expect(Math.max(...lexed)).toBeLessThan(paragraph.length * 3);
  });
});
