import { describe, expect, test } from 'vitest';
import type { AnswerSection } from './answer-prompt';
import { composeExtractiveAnswer } from './extractive-answer';
import { passageBlocks } from './passage-units';
import { asksAboutVersions, withoutVersionNotes } from './version-notes';

// A Node.js reference entry as its built HTML reads in Markdown: version notes, then what it does.
const nextTick = [
  'Added in: v0.1.26',
  'History',
  '| Version | Changes |\n| --- | --- |\n| v18.0.0 | Passing an invalid callback now throws `ERR_INVALID_ARG_TYPE`. |\n| v1.8.1 | Additional arguments after `callback` are now supported. |',
  'Stability: 2 - Stable',
  '`process.nextTick()` adds `callback` to the "next tick queue". This queue is fully drained after the current operation on the JavaScript stack runs to completion and before the event loop is allowed to continue.',
].join('\n\n');

const entry: AnswerSection = {
  number: 1,
  url: '/process.html#processnexttickcallback-args',
  pageTitle: 'Process',
  heading: 'process.nextTick(callback[, ...args])',
  headingTrail: ['Process'],
  markdown: nextTick,
};

describe('version notes', () => {
  test('are the dated lines, the stability index and a History label over a table of versions', () => {
    const blocks = passageBlocks(nextTick, '/process.html');
    const kept = withoutVersionNotes(blocks);

    expect(blocks.map((block) => block.kind)).toEqual(['paragraph', 'paragraph', 'table', 'paragraph', 'paragraph']);
    expect(kept.map((block) => block.text.slice(0, 20))).toEqual(['process.nextTick() a']);
    expect(kept.map((block) => block.order)).toEqual([0]);
  });

  test("include Sphinx's version directives when nothing follows them, not the sentences that mention versions", () => {
    const blocks = passageBlocks('New in version 2.2.\n\nChanged in version 2.3: the default is now `Lax`.\n\nAdded in the last release, this option is new.\n\n**History**\n\nThe project began in 2010.', '/config.html');

    expect(withoutVersionNotes(blocks).map((block) => block.text)).toEqual(['Changed in version 2.3: the default is now Lax.', 'Added in the last release, this option is new.', 'History', 'The project began in 2010.']);
  });

  test('stay when they are all a section has, so there is something to quote', () => {
    const blocks = passageBlocks('Added in: v12.0.0\n\nStability: 1 - Experimental', '/x.html');

    expect(withoutVersionNotes(blocks)).toEqual(blocks);
  });

  test('are asked for by questions about versions, history and stability', () => {
    expect(asksAboutVersions('Which version added process.nextTick?')).toBe(true);
    expect(asksAboutVersions('Is this still experimental, and since when is it stable?')).toBe(true);
    expect(asksAboutVersions('When was the signal option added to exec?')).toBe(true);
    expect(asksAboutVersions('Warning: 11 close listeners added to [Socket]. Is this a leak?')).toBe(false);
    expect(asksAboutVersions('How do I defer a callback until the current operation finishes?')).toBe(false);
  });
});

describe('an extractive answer from a reference entry', () => {
  test('opens with what the entry does, not with its changelog', () => {
    const answer = composeExtractiveAnswer({ question: 'How do I run a callback after the current operation, before the event loop continues?', sections: [entry] });

    expect(answer.startsWith('`process.nextTick()` adds `callback`')).toBe(true);
    expect(answer).not.toContain('| v18.0.0 |');
    expect(answer).not.toContain('Added in: v0.1.26');
  });

  test('quotes the changelog when the reader asks which version changed it', () => {
    const answer = composeExtractiveAnswer({ question: 'Which version made an invalid callback throw ERR_INVALID_ARG_TYPE in nextTick?', sections: [entry] });

    expect(answer).toContain('| v18.0.0 |');
  });
});
