import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSteerCase, loadQuestionSet, parseQuestionSet, QuestionSetError } from './question-set';

const valid = {
  corpus: { folder: 'docs', pathPrefix: '' },
  questions: [{ id: 'q1', question: 'How do I deploy?', expected: ['/guide/deploy'] }],
};

describe('parseQuestionSet', () => {
  it('reads the shared format with both kinds of currentPath cases', async () => {
    const set = await loadQuestionSet(new URL('./sets/questions-vitepress.json', import.meta.url).pathname);
    expect(set.corpus?.pathPrefix).toBe('');
    expect(set.questions.length).toBeGreaterThan(0);
    const parsed = parseQuestionSet({
      ...valid,
      currentPath: [
        { id: 's', question: 'Sum this page up', pages: ['/a', '/b'] },
        { id: 'k', question: 'Deploy?', expected: ['/guide/deploy'], unrelated: ['/a'] },
      ],
    });
    expect(parsed.currentPath.map(isSteerCase)).toEqual([true, false]);
    expect(parsed.conversations).toEqual([]);
  });

  it('names the bad field and says what to write', () => {
    const problem = (input: unknown) => {
      try {
        parseQuestionSet(input, 'questions.json');
      } catch (error) {
        expect(error).toBeInstanceOf(QuestionSetError);
        return (error as Error).message;
      }
      throw new Error('expected a QuestionSetError');
    };
    const questions = [...valid.questions, ...valid.questions.map((question) => ({ ...question, id: 'q2' }))];
    expect(problem({ questions: [...questions, { id: 'q3', question: 'Why?', expected: [] }] })).toContain(
      'questions[2].expected: expected needs at least one page path',
    );
    expect(problem({ questions: [{ id: 'q1', question: 42, expected: ['/a'] }] })).toContain('questions[0].question: question must be a string');
    expect(problem({ conversations: [{ id: 'c', turns: [{ question: 'Only one?', expected: ['/a'] }] }] })).toContain(
      'conversations[0].turns: a conversation needs at least two turns',
    );
    expect(problem({ currentPath: [{ id: 's', question: 'This page?', pages: [] }] })).toContain('currentPath[0].pages: pages needs at least one page path');
    expect(problem({ questions: [...questions, { id: 'q1', question: 'Again?', expected: ['/a'] }] })).toContain('ids must be unique; repeated: q1');
    expect(problem({ corpus: { folder: 'docs' } })).toContain('holds no questions');
  });

  it('says when the file is missing or not JSON', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'docent-eval-set-'));
    writeFileSync(join(folder, 'broken.json'), '{ "questions": [');
    await expect(loadQuestionSet(join(folder, 'broken.json'))).rejects.toThrow(/broken\.json is not valid JSON/);
    await expect(loadQuestionSet(join(folder, 'absent.json'))).rejects.toThrow(/Cannot read the question file .*absent\.json \(ENOENT\)/);
  });
});
