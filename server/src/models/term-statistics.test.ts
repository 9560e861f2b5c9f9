import { describe, expect, test } from 'vitest';
import { sharedWordNet } from '../retrieval/wordnet';
import { withAbsentNames, withReaderModifiers, withReaderNames } from './term-statistics';

const statistics = { sectionCount: 100, sectionsWithTerm: {} };
const namesIn = (question: string) => withReaderNames(statistics, question, sharedWordNet()).names ?? [];

describe('withReaderNames', () => {
  test('takes a lower-case word that is not English for a name, and an inflected English word for a word', () => {
    expect(namesIn('What nginx configuration do I need to serve the built site?')).toEqual(['nginx']);
    expect(namesIn('Does Starlight add hreflang alternate links for translated pages automatically?')).toEqual(['hreflang']);
    expect(namesIn('My requests got throttled after we redeployed the server')).toEqual([]);
  });

  test('reads inflections that double a consonant or turn y into ied, and prepositions WordNet lacks, as English', () => {
    expect(namesIn('Can the changed files be swapped in while the server keeps running?')).toEqual([]);
    expect(namesIn('Can a test be notified when the store changes its state after an update?')).toEqual([]);
    expect(namesIn('Should I write the store as an object versus a function in this project?')).toEqual([]);
    expect(namesIn('How do I map the store state onto the component properties?')).toEqual([]);
  });

  test('still takes a short name for a name, not for the plural of a chemical symbol', () => {
    expect(namesIn('Can I encrypt the secrets file with kms before deploying?')).toEqual(['kms']);
  });

  test('reads two English words written together as English', () => {
    expect(namesIn('Can I add a dropdown and a walkthrough to the sidebar?')).toEqual([]);
  });

  test('finds no names in a question in another language', () => {
    expect(namesIn("Comment afficher le logo de mon entreprise dans l'en-tête à la place du titre du site ?")).toEqual([]);
  });
});

describe('withReaderModifiers', () => {
  const question = 'My diagram looks awful and blurry in dark mode, and the password field is slowly fading. Fresh ideas?';
  const known = { sectionCount: 100, sectionsWithTerm: { diagram: 3, dark: 10, mod: 12, fresh: 2 } };

  test('lists the words the docs never use that English uses to describe, not those that name', () => {
    const modifiers = withReaderModifiers(known, question, sharedWordNet()).modifiers ?? [];

    expect(modifiers).toEqual(expect.arrayContaining(['awful', 'blurri', 'slowli']));
    // "password" and "field" name things; "fresh" describes, but the docs use it.
    expect(modifiers).not.toContain('password');
    expect(modifiers).not.toContain('field');
    expect(modifiers).not.toContain('fresh');
  });

  test('adds nothing with a dictionary that knows no parts of speech', () => {
    expect(withReaderModifiers(known, question, { isEnglishWord: () => true }).modifiers).toBeUndefined();
  });
});

describe('withAbsentNames', () => {
  const phrases: string[][] = [];
  const vocabulary = {
    sectionCount: 100,
    sectionsWithTerm: () => 3,
    containsPhrase: (words: readonly string[]) => {
      phrases.push([...words]);
      return words.join(' ') === 'github pages';
    },
  };

  test('lists the names of several words in the questions that the docs never write, once, in lower case', () => {
    const known = withAbsentNames(statistics, ['Can I deploy a React Native app to GitHub Pages?', 'And with React Native Web?', 'React Native again?'], vocabulary);

    expect(known.absentNames).toEqual(['react native', 'react native web']);
    expect(phrases).toEqual([['react', 'native'], ['github', 'pages'], ['react', 'native', 'web']]);
  });

  test('adds nothing with a vocabulary that cannot find phrases', () => {
    expect(withAbsentNames(statistics, ['Does it run on React Native?'], { sectionCount: 100, sectionsWithTerm: () => 3 }).absentNames).toBeUndefined();
  });
});
