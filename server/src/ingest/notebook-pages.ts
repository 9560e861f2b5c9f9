import { fence } from '../text/markdown-syntax';
import { withoutTerminalColours } from '../text/terminal-colours';

/**
 * Jupyter notebooks (`.ipynb`, nbformat 4) as the Markdown a docs page shows: what the
 * mkdocs-jupyter and mknotebooks plugins publish, read without Python or a kernel.
 */

/** What of a notebook a site publishes (mkdocs-jupyter's options, see `readMkdocsConfig`). */
export interface NotebookSettings {
  /** Whether code cells are shown (`show_input`, unless `no_input`). Default `true`. */
  showInput?: boolean;
  /** Cells with one of these tags are left out whole (`remove_tag_config.remove_cell_tags`). */
  removeCellTags?: readonly string[];
  /** Code cells with one of these tags show their output only (`remove_input_tags`). */
  removeInputTags?: readonly string[];
  /** Code cells with one of these tags show their code only (`remove_all_outputs_tags`). */
  removeOutputTags?: readonly string[];
}

/** A notebook that is not valid JSON or not in the format nbconvert reads (nbformat 4). */
export class NotebookFormatError extends Error {
  override readonly name = 'NotebookFormatError';
}

/** Most lines of one output kept: a printed table or log is evidence, not the page's text. */
const maximumOutputLines = 20;

interface NotebookCell {
  cell_type?: unknown;
  source?: unknown;
  metadata?: { tags?: unknown };
  outputs?: unknown;
}

/**
 * The Markdown of a notebook's published cells, in order: Markdown cells as written, code cells
 * as fenced blocks in the kernel's language, and their outputs as a reader sees them: Markdown
 * output as Markdown, printed text and plain results as `text` blocks (at most 20 lines each).
 * Images, HTML, widgets and error tracebacks are left out. Raw cells are not shown by a site, so
 * they are left out too.
 *
 * @throws NotebookFormatError when the file is not JSON or not nbformat 4, saying what to do.
 * @example notebookMarkdown('{"nbformat":4,"metadata":{},"cells":[{"cell_type":"markdown","source":["# Title"]}]}') === '# Title'
 */
export function notebookMarkdown(json: string, settings: NotebookSettings = {}): string {
  let notebook: { nbformat?: unknown; cells?: unknown; metadata?: Record<string, unknown> };
  try {
    notebook = JSON.parse(json.replace(/^\uFEFF/, '')) as typeof notebook;
  } catch (error) {
    throw new NotebookFormatError(`is not a valid Jupyter notebook (${error instanceof Error ? error.message : String(error)}); open it in Jupyter and save it again`);
  }
  if (typeof notebook !== 'object' || notebook === null || !Array.isArray(notebook.cells)) {
    const version = typeof notebook === 'object' && notebook !== null && typeof notebook.nbformat === 'number' ? ` (nbformat ${notebook.nbformat})` : '';
    throw new NotebookFormatError(`is not a notebook in the current format${version}: it has no "cells" list; convert it with \`jupyter nbconvert --to notebook --inplace\``);
  }
  const language = kernelLanguage(notebook.metadata);
  const blocks: string[] = [];
  for (const cell of notebook.cells as NotebookCell[]) {
    if (typeof cell !== 'object' || cell === null) continue;
    const tags = Array.isArray(cell.metadata?.tags) ? cell.metadata.tags.filter((tag): tag is string => typeof tag === 'string') : [];
    const tagged = (names: readonly string[] | undefined) => names !== undefined && tags.some((tag) => names.includes(tag));
    if (tagged(settings.removeCellTags)) continue;
    const source = text(cell.source).replace(/\s+$/, '');
    if (cell.cell_type === 'markdown') {
      if (source.trim() !== '') blocks.push(source);
    } else if (cell.cell_type === 'code') {
      if (settings.showInput !== false && !tagged(settings.removeInputTags) && source.trim() !== '') blocks.push(fence(source, language));
      if (!tagged(settings.removeOutputTags)) blocks.push(...outputBlocks(cell.outputs));
    }
  }
  return blocks.join('\n\n');
}

// The kernel's language names the code blocks (`python`, `r`, `julia`), as nbconvert highlights them.
function kernelLanguage(metadata: Record<string, unknown> | undefined): string {
  const kernel = metadata?.kernelspec as { language?: unknown } | undefined;
  const info = metadata?.language_info as { name?: unknown } | undefined;
  const name = typeof kernel?.language === 'string' ? kernel.language : typeof info?.name === 'string' ? info.name : 'python';
  return name.toLowerCase().replace(/[^a-z0-9+#-]/g, '') || 'python';
}

// nbformat keeps multi-line text as a list of lines (each with its own line break) or as one string.
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  return Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string').join('') : '';
}

function outputBlocks(outputs: unknown): string[] {
  if (!Array.isArray(outputs)) return [];
  const blocks: string[] = [];
  for (const output of outputs as Array<{ output_type?: unknown; text?: unknown; data?: Record<string, unknown> }>) {
    if (typeof output !== 'object' || output === null) continue;
    if (output.output_type === 'stream') {
      const printed = shortened(withoutTerminalColours(text(output.text)));
      if (printed !== '') blocks.push(fence(printed, 'text'));
    } else if (output.output_type === 'execute_result' || output.output_type === 'display_data') {
      const markdown = text(output.data?.['text/markdown']).trim();
      if (markdown !== '') {
        blocks.push(markdown);
        continue;
      }
      const plain = shortened(text(output.data?.['text/plain']));
      // `<Figure size 640x480 with 1 Axes>`, `<IPython.core.display.HTML object>`: a stand-in, not a result.
      if (plain !== '' && !/^<[^<>\n]*>$/.test(plain)) blocks.push(fence(plain, 'text'));
    }
  }
  return blocks;
}

function shortened(value: string): string {
  const lines = value.replace(/\s+$/, '').split('\n');
  return lines.length <= maximumOutputLines ? lines.join('\n') : [...lines.slice(0, maximumOutputLines), '…'].join('\n');
}
