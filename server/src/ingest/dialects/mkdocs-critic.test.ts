import { describe, expect, test } from 'vitest';
import { parseMarkdown } from '../markdown-parser';
import { applyCriticMarks, criticFreeRanges } from './mkdocs-critic';

const accept = (text: string) => applyCriticMarks(text, 'view', criticFreeRanges(parseMarkdown(text)));

describe('applyCriticMarks', () => {
  test('marks span lines and inline markup; a mark whose end lies in code, or that never ends, stays as written', () => {
    expect(accept('Keep {--*emphasised*\nand `code`--}this, {++new\nline++} and {~~`a`~>**b**~~}.')).toBe('Keep this, new\nline and **b**.');
    expect(accept('Open {++ until `code ++}` here.')).toBe('Open {++ until `code ++}` here.');
    expect(accept('Never closed {++ or {~~ or {~~a~> at all.')).toBe('Never closed {++ or {~~ or {~~a~> at all.');
  });

  test('white space left before a removed edit is dropped before punctuation and blanks', () => {
    expect(accept('It works {>>really?<<}. Words {--gone--} here.')).toBe('It works. Words here.');
  });

  test('unclosed marks are read in time linear in the page', () => {
    const hostile = `${'{++ {~~a~> {-- '.repeat(60_000)}end`;
    const started = performance.now();
    expect(applyCriticMarks(hostile, 'view', [])).toBe(hostile);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test('a mark that opens an indented line keeps the indentation (a list item\'s paragraph, its code)', () => {
    const page = '1. Step one\n\n    {--Old:--} Run the command:\n\n    ```sh\n    make\n    ```\n\n2. Step two\n';
    expect(accept(page)).toBe('1. Step one\n\n     Run the command:\n\n    ```sh\n    make\n    ```\n\n2. Step two\n');
    expect(accept('Possible {>>why?<<}.')).toBe('Possible.');
  });
});
