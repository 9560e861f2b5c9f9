import { readFile } from 'node:fs/promises';
import { z } from 'zod/v4';
import { describeIssues } from '../http/validation-issue';

const text = (what: string) => z.string({ error: `${what} must be a string` }).trim().min(1, { error: `${what} must not be empty` });
const pageList = (what: string) =>
  z
    .array(text('a page path'), { error: `${what} must be a list of page paths, e.g. ["/guide/deploy"]` })
    .min(1, { error: `${what} needs at least one page path, e.g. ["/guide/deploy"]` });

const corpusSchema = z.looseObject({
  /** Folder of the docs inside the corpus (an unpacked repository or archive), e.g. `docs/en`. */
  folder: z.string().optional(),
  /** URL path the pages are served under; `""` serves them from the site root. Default: `/docs`. */
  pathPrefix: z.string().optional(),
  /** The docs generator, when the set names it, e.g. `docusaurus`. */
  generator: z.string().optional(),
});

const questionSchema = z.looseObject({
  id: text('id'),
  question: text('question'),
  /** Pages that answer it; any one of them counts as a hit. */
  expected: pageList('expected'),
  type: z.string().optional(),
});

const turnSchema = z.looseObject({ question: text('question'), expected: pageList('expected') });

const conversationSchema = z.looseObject({
  id: text('id'),
  turns: z.array(turnSchema).min(2, { error: 'a conversation needs at least two turns (the later ones are the follow-ups measured)' }),
});

const unanswerableSchema = z.looseObject({ id: text('id'), question: text('question') });

const steerCaseSchema = z.looseObject({ id: text('id'), question: text('question'), pages: pageList('pages') });
const keepCaseSchema = z.looseObject({
  id: text('id'),
  question: text('question'),
  expected: pageList('expected'),
  unrelated: pageList('unrelated'),
});

const questionSetSchema = z.looseObject({
  corpus: corpusSchema.optional(),
  questions: z.array(questionSchema).default([]),
  conversations: z.array(conversationSchema).default([]),
  unanswerable: z.array(unanswerableSchema).default([]),
  // A case is { id, question, pages } or { id, question, expected, unrelated }; a bad one is
  // reported against the kind it is closest to.
  currentPath: z.array(z.union([steerCaseSchema, keepCaseSchema])).default([]),
});

/** A question set as parsed (see `server/src/eval/sets/questions-prettier.json` for a complete example). */
export type QuestionSet = z.output<typeof questionSetSchema>;
/** An answerable question with the pages that answer it. */
export type EvalQuestion = z.output<typeof questionSchema>;
/** A conversation: each turn's question and the pages that answer it in context. */
export type EvalConversation = z.output<typeof conversationSchema>;
/** A question the docs do not answer. */
export type UnanswerableQuestion = z.output<typeof unanswerableSchema>;
/** Asked on each of `pages`: the right first source is the page being read. */
export type SteerCase = z.output<typeof steerCaseSchema>;
/** Asked on each of `unrelated`: the right answer is still one of `expected`. */
export type KeepCase = z.output<typeof keepCaseSchema>;

/** A question file that is not JSON or does not have the question-set shape. */
export class QuestionSetError extends Error {
  override readonly name = 'QuestionSetError';
}

/** Whether a `currentPath` case is the "steers" kind (`pages`) rather than the "keeps" kind (`unrelated`). */
export const isSteerCase = (value: SteerCase | KeepCase): value is SteerCase => 'pages' in value;

/**
 * Validates a parsed question file.
 *
 * @param sourceName Shown in errors, e.g. the file's path. Default: `question set`.
 * @throws QuestionSetError naming every bad field, e.g. `questions[3].expected: expected needs at least one page path…`
 */
export function parseQuestionSet(input: unknown, sourceName = 'question set'): QuestionSet {
  const result = questionSetSchema.safeParse(input);
  if (!result.success) {
    const lines = describeIssues(result.error.issues).map((issue) => `  ${issue.field === '' ? '(root)' : issue.field}: ${issue.message}`);
    throw new QuestionSetError(`Invalid ${sourceName}:\n${lines.join('\n')}`);
  }
  const set = result.data;
  const counted = set.questions.length + set.conversations.length + set.unanswerable.length + set.currentPath.length;
  if (counted === 0) {
    throw new QuestionSetError(`${sourceName} holds no questions: add "questions", "conversations", "unanswerable" or "currentPath" cases.`);
  }
  const seen = new Set<string>();
  const duplicates = [...set.questions, ...set.conversations, ...set.unanswerable, ...set.currentPath]
    .map((entry) => entry.id)
    .filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
  if (duplicates.length > 0) throw new QuestionSetError(`${sourceName}: ids must be unique; repeated: ${[...new Set(duplicates)].join(', ')}`);
  return set;
}

/**
 * Reads and validates a question file.
 *
 * @throws QuestionSetError when the file is missing, is not JSON or is invalid.
 */
export async function loadQuestionSet(path: string): Promise<QuestionSet> {
  let content: string;
  try {
    content = await readFile(path, 'utf8');
  } catch (error) {
    throw new QuestionSetError(`Cannot read the question file ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): check the path.`);
  }
  let input: unknown;
  try {
    input = JSON.parse(content);
  } catch (error) {
    throw new QuestionSetError(`The question file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseQuestionSet(input, `question file ${path}`);
}
