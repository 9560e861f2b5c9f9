import { describe, expect, test } from 'vitest';
import { judgeCoverage, questionSubject } from './answer-coverage';

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

describe('judgeCoverage with the names a dictionary found', () => {
  const sections = [
    {
      number: 1,
      url: '/docs/deploy#serve',
      pageTitle: 'Deploy',
      heading: 'Serve the built site',
      headingTrail: [],
      markdown: 'Serve the built site from any static file server; the configuration needs no changes.',
    },
  ];
  const question = 'What nginx configuration do I need to serve the built site?';
  const statistics = { sectionCount: 40, sectionsWithTerm: { nginx: 0, configur: 3, serv: 2, built: 5, sit: 20 } };

  test('declines, naming the word, when the docs never mention a name written in lower case', () => {
    const judgement = judgeCoverage(questionSubject(question), sections, { ...statistics, names: ['nginx'] });

    expect(judgement.covered).toBe(false);
    expect(judgement.missing).toEqual(['nginx']);
  });

  test('answers the same question when the word is not known to be a name', () => {
    expect(judgeCoverage(questionSubject(question), sections, statistics).covered).toBe(true);
  });
});
