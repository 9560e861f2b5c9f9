import { describe, expect, test } from 'vitest';
import { sharedWordNet } from '../retrieval/wordnet';
import { withReaderNames } from './term-statistics';

const statistics = { sectionCount: 100, sectionsWithTerm: {} };
const namesIn = (question: string) => withReaderNames(statistics, question, sharedWordNet()).names ?? [];

describe('withReaderNames', () => {
  test('takes a lower-case word that is not English for a name, and an inflected English word for a word', () => {
    expect(namesIn('What nginx configuration do I need to serve the built site?')).toEqual(['nginx']);
    expect(namesIn('Does Starlight add hreflang alternate links for translated pages automatically?')).toEqual(['hreflang']);
    expect(namesIn('My requests got throttled after we redeployed the server')).toEqual([]);
  });

  test('reads two English words written together as English', () => {
    expect(namesIn('Can I add a dropdown and a walkthrough to the sidebar?')).toEqual([]);
  });

  test('finds no names in a question in another language', () => {
    expect(namesIn("Comment afficher le logo de mon entreprise dans l'en-tête à la place du titre du site ?")).toEqual([]);
  });
});
