import { describe, expect, test } from 'vitest';
import { questionAsides } from './question-asides';

const asideTexts = (question: string) => questionAsides(question).map((range) => question.slice(range.start, range.end).trim());

describe('questionAsides', () => {
  test('a statement after the question is the reader’s reason', () => {
    expect(asideTexts('Does the widget set any cookies? I need to know for our GDPR consent banner.')).toEqual(['I need to know for our GDPR consent banner.']);
  });

  test('a statement before the question sets the scene it refers to, and is no aside', () => {
    expect(asideTexts('The backend sits behind nginx. How do I fix that?')).toEqual([]);
  });

  test('a purpose clause ("so I can …", "so only …") is an aside; "so many" is not', () => {
    expect(asideTexts('Is there a callback when a reply has come in, so I can log it to Google Analytics?')).toEqual(['so I can log it to Google Analytics?']);
    expect(asideTexts('How do I protect the pages so only signed-in readers see them?')).toEqual(['so only signed-in readers see them?']);
    expect(asideTexts('Why are there so many requests?')).toEqual([]);
  });

  test('a question that opens with its purpose keeps it', () => {
    expect(asideTexts('So I can log replies, is there an event?')).toEqual([]);
  });
});
