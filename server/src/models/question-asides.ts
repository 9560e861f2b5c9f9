/**
 * The parts of a question that are not what the reader asks about. Their reason: a statement
 * after the question ("Does the widget set any cookies? I need to know for our GDPR banner.") and
 * a purpose clause ("… when a reply has come in, so I can log it to Google Analytics?"). The
 * docs need not mention what an aside names: "GDPR" there is the reader's reason, not the subject.
 * And names from their own code (see `readerCodeNames`).
 */

import { sharedWordNet } from '../retrieval/wordnet';

/** A range of a question's characters, `end` excluded. */
export interface TextRange {
  start: number;
  end: number;
}

// A sentence ends at a full stop, a question or exclamation mark followed by a space, or at a line
// break: a dot inside a word ("vercel.json", ".br", "[...path]") or an abbreviation ("e.g. in")
// ends nothing. One punctuation mark is matched at a time, so a run of them costs no backtracking.
const sentence = /[^\n]+?(?:(?<!\b(?:e\.g|i\.e|etc|vs|cf))[.!?](?=\s|$)|\n|$)/gi;
// "so" opening a clause: followed by "that", a pronoun, a determiner or "only" ("so I can", "so
// it matches", "so only signed-in readers see it"), not "so many" or "so far".
const purpose = /\b(?:so(?: that)?|in order to)\s+(?=(?:i|we|you|they|it|he|she|my|our|their|your|the|this|these|those|only)\b)/gi;

/**
 * The asides of a question, in order. A question with no question mark has none after it; a
 * statement before the question sets the scene the question refers to ("The backend sits behind
 * nginx. How do I fix that?"), so it is never an aside.
 *
 * Linear in the question's length.
 *
 * @example questionAsides('Does it set cookies? I need it for GDPR.') // [{ start: 20, end: 40 }]
 */
export function questionAsides(question: string): TextRange[] {
  const asides: TextRange[] = [];
  let asked = false;
  for (const match of question.matchAll(sentence)) {
    const start = match.index;
    const text = match[0];
    const end = start + text.length;
    if (text.trim() === '') continue;
    const isQuestion = text.trimEnd().endsWith('?');
    if (asked && !isQuestion) {
      asides.push({ start, end });
      continue;
    }
    asked ||= isQuestion;
    purpose.lastIndex = 0;
    const clause = purpose.exec(text);
    // A purpose clause that opens the sentence is all there is to ask about.
    if (clause !== null && text.slice(0, clause.index).trim() !== '') asides.push({ start: start + clause.index, end });
  }
  return asides;
}

/**
 * The statements that set the scene before a question: every sentence before its first question
 * sentence ("The backend sits behind nginx and every request comes from one IP. How do I fix
 * that?"). They tell the reader's setup, which the docs need not name. None when no sentence asks
 * a question (a plain request has no scene apart from it).
 *
 * Linear in the question's length.
 *
 * @example sceneStatements('We use Auth0. How do I verify tokens?') // [{ start: 0, end: 13 }]
 */
export function sceneStatements(question: string): TextRange[] {
  const scene: TextRange[] = [];
  for (const match of question.matchAll(sentence)) {
    const text = match[0];
    if (text.trim() === '') continue;
    if (text.trimEnd().endsWith('?')) return scene;
    scene.push({ start: match.index, end: match.index + text.length });
  }
  return [];
}

// A word of the reader's own code: a private name (`_apiClient`), a function they call with
// arguments (`parseConfig('bad')`, `toBeWithinRange(min, max)`), a name they declare
// (`const sendMail = vi.fn()`). The docs cannot be expected to mention it; a name written bare
// ("with renderHook", "useEffect and useLayoutEffect") is what the question is about.
const codeWord = /[\p{L}\p{N}_$]+/gu;
// A name declared in code: `const x =`, `let x =`, `var x =`, `function x(`, `def x(`, `class x {`.
const declaredBefore = /\b(const|let|var|function|def|class)\s+$/;
const declaredAfter: Record<string, RegExp> = { const: /^\s*[=:]/, let: /^\s*[=:]/, var: /^\s*[=:]/, function: /^\s*\(/, def: /^\s*\(/, class: /^\s*(?:\{|\(|extends\b)/ };

// Other names the reader gives their own things, and what they paste from their own screen:
// - a relative module path: `jest.mock('./apiClient')`, `import db from "../lib/db"`;
const relativePath = /(['"`])\.{1,2}\/[^'"`\s]*\1/g;
// - a name they introduce as theirs, when it looks like code: "the variable is called fakePlay",
//   "a hook named `on_ready`" (see `introducedNames`);
const introducedName = /\b(?:called|named)\s+(`[^`\n]+`|'[^'\n]+'|"[^"\n]+"|[\p{L}_$][\p{L}\p{N}_$.\/-]*)/gu;
const codeLike = /\p{Ll}\p{Lu}|[_$\d]|[./]\p{L}/u;
// "Is there a matcher called toBeWithinRange?" asks whether the docs have it: not the reader's own.
const asksWhetherItExists = /\b(?:is|are)\s+there\b|\b(?:does|do|has|have|any|which|what)\b/i;
// - the class of an error they paste: "TypeError: x is not a constructor", "KeyError:" (a start
//   inside a word is not one: scanning from every letter of a long word would be quadratic);
const errorClass = /(?<![\p{L}\p{N}_$])[\p{L}_$]*(?:Error|Exception)(?=:)/gu;
// - a placeholder for their own value: "G-XXXXXXX", "xxxx" (not "www").
const placeholder = /^(?!www$)(\p{L})\1{2,}$/iu;
// - a string they pass in their own code: `from_object('config.ProdConfig')`, `session["cart"]`
//   (a quoted value right after a name's opening parenthesis or bracket; the value alone is the range).
const stringArgument = /[\p{L}\p{N}_$][([][ \t]{0,2}(['"])[^'"\n]{1,200}\1/gu;
// - inside their code in backticks, the variables they pass (or a function's parameters) and the
//   keys of the objects they write: `fetch(upstreamUrl)`, `function toSlug(text)`,
//   `.input(z.object({ orgId: z.string() }))`. Only there: in prose, "(see Settings)" or
//   "{ optional: yes }" are words, not code.
const codeSpan = /`([^`\n]{1,300})`/g;
const argumentOrKey = /(?:(?<=[(,][ \t]{0,2})[\p{L}_$][\p{L}\p{N}_$]*(?=[ \t]{0,2}[,)]))|(?:(?<=[{,][ \t]{0,2})[\p{L}_$][\p{L}\p{N}_$]*(?=[ \t]{0,2}:))/gu;

/**
 * The names of the reader's own code and things in a question, in order: see `codeWord` and the
 * patterns above (string values passed in their code, and the variables and object keys of
 * their code in backticks, among them), and names with "my" in front of an English word (`mytool`, `MyComponent`; not
 * `mysql`, `mypy`), which readers give their own projects.
 */
export function readerCodeNames(question: string): TextRange[] {
  const ranges: TextRange[] = [];
  for (const match of question.matchAll(codeWord)) {
    const word = match[0];
    const end = match.index + word.length;
    const keyword = declaredBefore.exec(question.slice(Math.max(0, match.index - 12), match.index))?.[1];
    const declared = keyword !== undefined && (declaredAfter[keyword]?.test(question.slice(end, end + 12)) ?? false);
    const own = /^_\p{L}/u.test(word) || /^\((?!\))/.test(question.slice(end, end + 2)) || declared || placeholder.test(word) || ownProjectName(word);
    if (own && /\p{L}/u.test(word)) ranges.push({ start: match.index, end });
  }
  for (const pattern of [relativePath, errorClass]) {
    for (const match of question.matchAll(pattern)) ranges.push({ start: match.index, end: match.index + match[0].length });
  }
  for (const span of question.matchAll(codeSpan)) {
    const start = span.index + 1;
    for (const match of (span[1] ?? '').matchAll(argumentOrKey)) ranges.push({ start: start + match.index, end: start + match.index + match[0].length });
  }
  for (const match of question.matchAll(stringArgument)) {
    const start = match.index + match[0].indexOf(match[1] ?? '');
    // A relative path is one already (see `relativePath`).
    if (!/^['"]\.{1,2}\//.test(question.slice(start, start + 4))) ranges.push({ start, end: match.index + match[0].length });
  }
  ranges.push(...introducedNames(question));
  return ranges.sort((left, right) => left.start - right.start);
}

// "called X" / "named X" where X looks like code and the sentence, up to there, does not ask
// whether such a thing exists. Only the 80 characters before are read, so a long question costs
// no more per match.
function introducedNames(question: string): TextRange[] {
  const ranges: TextRange[] = [];
  for (const match of question.matchAll(introducedName)) {
    const before = question.slice(Math.max(0, match.index - 80), match.index);
    const sentence = before.slice(Math.max(before.lastIndexOf('.'), before.lastIndexOf('?'), before.lastIndexOf('!'), before.lastIndexOf('\n')) + 1);
    if (codeLike.test(match[1] ?? '') && !asksWhetherItExists.test(sentence)) ranges.push({ start: match.index, end: match.index + match[0].length });
  }
  return ranges;
}

// "mytool", "myTheme", "MyComponent", "my_app" ("my-theme" is two words, neither a name).
function ownProjectName(word: string): boolean {
  const rest = /^my_?(\p{L}{3,})$/iu.exec(word)?.[1];
  return rest !== undefined && sharedWordNet().isEnglishWord(rest.toLowerCase());
}

/** A question's asides together with the names of the reader's own code, in order and merged where they overlap. */
export function withReaderCode(asides: readonly TextRange[], question: string): TextRange[] {
  const ranges = [...asides, ...readerCodeNames(question)].sort((left, right) => left.start - right.start);
  const merged: TextRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last !== undefined && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}
