import type { PassageBlock } from './passage-units';

/**
 * Version notes: what API references put at the top of an entry to date it, before saying what
 * it does. "Added in: v6.3.0", "Stability: 1 - Experimental", Sphinx's "New in version 2.2.", and
 * a "History" label over a table of versions and changes (Node.js' reference has one on most
 * entries). An answer that opens with them makes the reader scroll past a changelog to the
 * answer; they are quoted only when the question asks about versions.
 */

// "Added in: v6.3.0", "Added in: v10.0.0, v8.13.0", "Deprecated since: v14.0.0", "Removed in: v15.0.0".
const versionList = String.raw`v?\d+(?:\.\d+)+(?:,\s*v?\d+(?:\.\d+)+)*`;
const datedLine = new RegExp(String.raw`^(?:added|deprecated|removed|introduced)(?: in| since)?:?\s+${versionList}\.?$`, 'i');
// Sphinx's version directives when nothing follows them: "New in version 2.2.", "Deprecated since version 3.0."
const sphinxNote = /^(?:new|added|changed|deprecated) (?:in|since) version \d+(?:\.\d+)*\.?$/i;
// Node.js' stability index: "Stability: 1 - Experimental", "Stability: 2 - Stable".
const stabilityLine = /^stability: \d(?:\.\d)?\s*-\s*[a-z]+(?: [a-z]+){0,3}\.?$/i;
// The label of a collapsed changelog: "History", "Version history", "Changelog".
const historyLabel = /^(?:version )?history$|^change ?log$/i;

// What a reader asks when versions are the point: "Which version added…", "Is it still
// experimental?", "When was it removed?" ("11 listeners added" in a pasted warning is not).
const versionQuestion = /\b(?:versions?|history|changelog|deprecat\w*|stabilit\w*|stable|experimental|releases?d?)\b|\bwhen (?:was|were|did)\b[^?.!]*\b(?:add|added|introduced|removed|change|changed)\b/i;

/** Whether a question asks about versions, so version notes are part of the answer. */
export function asksAboutVersions(question: string): boolean {
  return versionQuestion.test(question);
}

/** Whether a table lists versions and their changes: its first column is "Version". */
function isVersionTable(block: PassageBlock): boolean {
  return block.kind === 'table' && /^\|\s*versions?\s*\|/i.test(block.header);
}

/** Whether a block is a version note (see the module's description); `next` is the block after it. */
export function isVersionNote(block: PassageBlock, next: PassageBlock | undefined): boolean {
  if (isVersionTable(block)) return true;
  if (block.kind !== 'paragraph') return false;
  const text = block.text.trim();
  if (datedLine.test(text) || sphinxNote.test(text) || stabilityLine.test(text)) return true;
  return historyLabel.test(text) && next !== undefined && isVersionTable(next);
}

/**
 * A section's blocks without its version notes, numbered again in order. A section that is
 * nothing but version notes keeps them: they are then all it has to say.
 */
export function withoutVersionNotes(blocks: readonly PassageBlock[]): PassageBlock[] {
  const kept = blocks.filter((block, index) => !isVersionNote(block, blocks[index + 1]));
  if (kept.length === blocks.length || kept.length === 0) return [...blocks];
  return kept.map((block, order) => ({ ...block, order }));
}
