import { describe, expect, test } from 'vitest';
import { NotebookFormatError, notebookMarkdown } from './notebook-pages';

const notebook = (cells: unknown[], metadata: Record<string, unknown> = {}) => JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata, cells });
const markdownCell = (source: string | string[], tags: string[] = []) => ({ cell_type: 'markdown', metadata: { tags }, source });
const codeCell = (source: string | string[], outputs: unknown[] = [], tags: string[] = []) => ({ cell_type: 'code', metadata: { tags }, execution_count: 1, source, outputs });

describe('notebookMarkdown', () => {
  test('Markdown cells as written, code cells fenced in the kernel language, in order', () => {
    const json = notebook([markdownCell(['# Title\n', '\n', 'Intro.']), codeCell(['x <- 1\n', 'print(x)'])], { kernelspec: { language: 'R', name: 'ir' } });
    expect(notebookMarkdown(json)).toBe('# Title\n\nIntro.\n\n```r\nx <- 1\nprint(x)\n```');
  });

  test('the language falls back to language_info, then Python', () => {
    expect(notebookMarkdown(notebook([codeCell('1 + 1')], { language_info: { name: 'julia' } }))).toBe('```julia\n1 + 1\n```');
    expect(notebookMarkdown(notebook([codeCell('1 + 1')]))).toBe('```python\n1 + 1\n```');
  });

  test('outputs as a reader sees them: printed text and results as text, Markdown as Markdown, stand-ins and images left out', () => {
    const json = notebook([
      codeCell('print("hi")', [{ output_type: 'stream', name: 'stdout', text: ['\u001b[32mhi\u001b[0m\n'] }]),
      codeCell('x', [{ output_type: 'execute_result', data: { 'text/plain': ['42'] }, metadata: {} }]),
      codeCell('show()', [{ output_type: 'display_data', data: { 'text/markdown': '**Done**', 'text/plain': '<IPython.core.display.Markdown object>' }, metadata: {} }]),
      codeCell('plot()', [{ output_type: 'display_data', data: { 'text/plain': '<Figure size 640x480 with 1 Axes>', 'image/png': 'iVBOR' }, metadata: {} }]),
      codeCell('fail()', [{ output_type: 'error', ename: 'ValueError', evalue: 'bad', traceback: ['Traceback…'] }]),
    ]);
    expect(notebookMarkdown(json)).toBe(
      ['```python\nprint("hi")\n```', '```text\nhi\n```', '```python\nx\n```', '```text\n42\n```', '```python\nshow()\n```', '**Done**', '```python\nplot()\n```', '```python\nfail()\n```'].join('\n\n'),
    );
  });

  test('a long output keeps its first 20 lines', () => {
    const lines = Array.from({ length: 30 }, (_, index) => `row ${index}\n`);
    const text = notebookMarkdown(notebook([codeCell('dump()', [{ output_type: 'stream', name: 'stdout', text: lines }])]));
    expect(text).toContain('row 19\n…\n```');
    expect(text).not.toContain('row 20');
  });

  test('code holding a fence gets a longer one; raw and empty cells are left out', () => {
    const json = notebook([codeCell('s = """\n```\n"""'), { cell_type: 'raw', metadata: {}, source: 'raw text' }, markdownCell('  '), codeCell('')]);
    expect(notebookMarkdown(json)).toBe('````python\ns = """\n```\n"""\n````');
  });

  test("the plugin's settings: tagged cells, inputs and outputs removed, or every input hidden", () => {
    const json = notebook([
      markdownCell('Kept.'),
      markdownCell('Hidden.', ['hide']),
      codeCell('setup()', [{ output_type: 'stream', name: 'stdout', text: 'ready' }], ['hide-input']),
      codeCell('noisy()', [{ output_type: 'stream', name: 'stdout', text: 'noise' }], ['hide-output']),
    ]);
    expect(notebookMarkdown(json, { removeCellTags: ['hide'], removeInputTags: ['hide-input'], removeOutputTags: ['hide-output'] })).toBe(
      'Kept.\n\n```text\nready\n```\n\n```python\nnoisy()\n```',
    );
    expect(notebookMarkdown(json, { showInput: false })).toBe('Kept.\n\nHidden.\n\n```text\nready\n```\n\n```text\nnoise\n```');
  });

  test('a file that is not a notebook says what is wrong and what to do', () => {
    expect(() => notebookMarkdown('{"cells": [')).toThrow(NotebookFormatError);
    expect(() => notebookMarkdown('{"cells": [')).toThrow(/is not a valid Jupyter notebook \(.+\); open it in Jupyter and save it again/);
    expect(() => notebookMarkdown('{"nbformat": 3, "worksheets": []}')).toThrow(
      'is not a notebook in the current format (nbformat 3): it has no "cells" list; convert it with `jupyter nbconvert --to notebook --inplace`',
    );
  });
});
