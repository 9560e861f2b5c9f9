import { describe, expect, test } from 'vitest';
import { questionSubject } from './answer-coverage';

describe('questionSubject', () => {
  test('keeps the subject words, without the question frame, small talk or everyday pronouns', () => {
    expect(questionSubject('Hi! How can I change the colour of the widget myself?').terms).toEqual(['colour', 'widget']);
  });

  test('takes products, acronyms and identifiers for names, but not a capital that opens a sentence or a version', () => {
    const subject = questionSubject('Windows users see CRLF endings. Can GitLab or Giscus use v3 with es2015?');

    expect([...subject.names].map((term) => subject.words.get(term))).toEqual(['CRLF', 'GitLab', 'Giscus', 'es2015']);
    expect(subject.words.get('window')).toBe('Windows');
  });

  test('skips what follows an apostrophe and negated auxiliaries, keeping the word of a possessive', () => {
    expect(questionSubject("We're on Vue and it didn't render the project's sidebar").terms).toEqual(['vue', 'render', 'project', 'sidebar']);
  });

  test('knows the parts of a name or identifier belong to it', () => {
    const subject = questionSubject('Can GitHub show account IDs?');

    expect(subject.partOf.get('git')).toBe('github');
    expect(subject.partOf.get('ds')).toBe('ids');
  });
});
