import { describe, expect, test } from 'vitest';
import { textTerms } from './search-terms';
import { proximityFactor, type ProximityQuery } from './term-proximity';

/** Every term weighs 1 and is as telling as any other, unless `informativeness` says otherwise. */
function query(text: string, informativeness: (term: string) => number = () => 1): ProximityQuery {
  return { terms: new Map(textTerms(text).map((term) => [term, 1])), informativeness };
}

describe('proximityFactor', () => {
  const question = query('draw a flowchart in markdown');

  test('words used together lift a section; the same words scattered do not', () => {
    const together = proximityFactor('You can draw a flowchart right in Markdown with Mermaid.', question);
    const scattered = proximityFactor(
      `Draw attention to a tip. ${'Filler words that say nothing at all here. '.repeat(3)} Flowchart support came late. ${'More filler text about other things. '.repeat(3)} Markdown is the source format.`,
      question,
    );

    expect(together).toBeCloseTo(2, 5);
    expect(scattered).toBe(1);
  });

  test('a pair counts as much as its less telling word, as a share of the question', () => {
    const telling = (term: string) => (term === 'flowchart' ? 3 : 1);
    // Only "flowchart" and "markdown" are close: the pair weighs 1 (markdown) of 1 + 3 + 1 = 5.
    const factor = proximityFactor(`Draw. ${'Filler sentence with no useful words. '.repeat(3)} A flowchart in Markdown.`, query('draw a flowchart in markdown', telling));

    expect(factor).toBeCloseTo(1 + 1 / 5, 5);
  });

  test('strength scales the lift and 0 turns it off', () => {
    const text = 'Draw a flowchart in Markdown.';

    expect(proximityFactor(text, question, { strength: 0.5 })).toBeCloseTo(1.5, 5);
    expect(proximityFactor(text, question, { strength: 0 })).toBe(1);
  });

  test('two-word questions are left alone: their closeness says little', () => {
    expect(proximityFactor('Put an icon on the card.', query('put icon'))).toBe(1);
    expect(proximityFactor('Put an icon on the card.', query('put icon'), { minimumTerms: 2 })).toBeGreaterThan(1);
  });

  test('the window is in words, stop words included', () => {
    const text = 'flowchart one two three four five six seven eight nine markdown draw';

    expect(proximityFactor(text, question, { window: 10 })).toBeCloseTo(1 + 2 / 3, 5);
    expect(proximityFactor(text, question, { window: 3 })).toBeCloseTo(1 + 1 / 3, 5);
  });
});
