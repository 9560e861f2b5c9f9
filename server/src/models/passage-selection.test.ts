import { describe, expect, test } from 'vitest';
import { textTerms } from '../retrieval/search-terms';
import type { AnswerSection } from './answer-prompt';
import { choosePassages } from './passage-selection';

function section(url: string, heading: string, markdown: string): AnswerSection {
  return { number: 0, url, pageTitle: 'Tokens', heading, headingTrail: ['Tokens'], markdown };
}

describe('choosePassages', () => {
  // The question's words, each weighing 1 but `revoke` (0.9) and `webhook` (1.1): 4 in all.
  const [rotate = '', expire = '', revoke = '', webhook = ''] = textTerms('rotate expire revoke webhook');
  const question = { terms: [rotate, expire, revoke, webhook], weights: new Map([[rotate, 1], [expire, 1], [revoke, 0.9], [webhook, 1.1]]), codeWanted: false };

  test('the first retrieved section answers unless a later one covers clearly more of the question', () => {
    // The first covers half the question (2 of 4), the second 72% (2.9 of 4): not enough more to
    // outweigh the retrieval order, which put the first ahead for reasons coverage cannot see.
    const first = section('/docs/tokens#rotation', 'Rotation', 'Rotate a token before it can expire: the old one keeps working for an hour.');
    const second = section('/docs/security#tokens', 'Tokens', 'Rotate, expire and revoke tokens from the dashboard settings page of your account.');
    expect(choosePassages([first, second], question)[0]?.section).toBe(0);
    // One covering all of it (4 of 4) is quoted from second place.
    const whole = section('/docs/security#tokens', 'Tokens', 'Rotate, expire or revoke a token, and a webhook tells your server when it happens.');
    expect(choosePassages([first, whole], question)[0]?.section).toBe(1);
  });
});
