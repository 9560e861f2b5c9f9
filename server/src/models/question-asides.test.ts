import { describe, expect, test } from 'vitest';
import { questionAsides, readerCodeNames, sceneStatements, withReaderCode } from './question-asides';

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

describe('sceneStatements', () => {
  const sceneTexts = (question: string) => sceneStatements(question).map((range) => question.slice(range.start, range.end).trim());

  test('the statements before the first question sentence', () => {
    expect(sceneTexts('The backend sits behind nginx. Every request comes from one IP! How do I fix that? It is urgent.')).toEqual([
      'The backend sits behind nginx.',
      'Every request comes from one IP!',
    ]);
    expect(sceneTexts('I run ffmpeg with spawn\nand want its output live. Possible?')).toEqual(['I run ffmpeg with spawn', 'and want its output live.']);
  });

  test('none when no sentence asks, or the question comes first', () => {
    expect(sceneTexts('The backend sits behind nginx. Requests come from one IP.')).toEqual([]);
    expect(sceneTexts('How do I fix the IP? The backend sits behind nginx.')).toEqual([]);
  });

  test('a dot inside a word or an abbreviation ends no sentence', () => {
    expect(sceneTexts('Can I use it with Astro, e.g. in src/pages/api/[...path].ts?')).toEqual([]);
    expect(sceneTexts('How do I set up a cron job in vercel.json that emits .br files?')).toEqual([]);
  });

  test('a long run of punctuation is read in linear time', () => {
    const question = `${'.'.repeat(100_000)}x How?`;
    const started = performance.now();
    expect(sceneTexts(question)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('readerCodeNames', () => {
  const names = (question: string) => readerCodeNames(question).map((range) => question.slice(range.start, range.end));

  test("names of the reader's own code: private, called with arguments, declared", () => {
    expect(names("I wrote expect(parseConfig('bad')).toThrow() and it crashes")).toEqual(['expect', 'parseConfig', "'bad'"]);
    expect(names('My factory uses `const sendMail = vi.fn()` and blows up')).toEqual(['sendMail']);
    expect(names('It says _apiClient.default is not a constructor')).toEqual(['_apiClient']);
    expect(names('A custom matcher toBeWithinRange(min, max): how do I register it?')).toEqual(['toBeWithinRange']);
  });

  test('the values they pass in their code: a quoted argument or key, not a quotation in prose', () => {
    expect(names("After app.config.from_object('config.ProdConfig') that key just isn't there")).toEqual(['from_object', "'config.ProdConfig'"]);
    expect(names('I do session["cart"].append(item) and it is gone')).toEqual(['"cart"', 'append']);
    expect(names("The docs say 'ProdConfig' is fine, and (\"Made by ACME\") stays")).toEqual([]);
  });

  test('in their code in backticks, the variables they pass and the keys of their objects', () => {
    expect(names('I return the result of `await fetch(upstreamUrl)` from my handler')).toEqual(['fetch', 'upstreamUrl']);
    expect(names('My base procedure has `.input(z.object({ orgId: z.string(), name }))`')).toEqual(['input', 'object', 'orgId']);
    expect(names('Does `merge(left, right)` keep order?')).toEqual(['merge', 'left', 'right']);
    // In prose, parentheses and braces hold words.
    expect(names('Can I set it (see Settings), with { optional: yes } in the file?')).toEqual([]);
  });

  test("the reader's own files, names they introduce, projects named my…, placeholders and pasted error classes", () => {
    expect(names("TypeError: _apiClient.default is not a constructor. I mock it with jest.mock('./apiClient')")).toEqual(['TypeError', '_apiClient', 'mock', "'./apiClient'"]);
    expect(names('import db from "../lib/db" fails with ModuleNotFoundError: no module')).toEqual(['"../lib/db"', 'ModuleNotFoundError']);
    expect(names('The variable it complains about is called fakePlay, and the hook named `on_ready`.')).toEqual(['called fakePlay', 'named `on_ready`']);
    expect(names('Can I run `python -m mytool`, or register MyComponent in my_store?')).toEqual(['mytool', 'MyComponent', 'my_store']);
    expect(names('Where does the GA4 ID (G-XXXXXXX) go?')).toEqual(['XXXXXXX']);
  });

  test('look-alikes are not the reader\'s own: products named my…, a method called when, an error named in prose', () => {
    expect(names('Is MySQL supported, and does mypy check my plugin?')).toEqual([]);
    expect(names('Which hook is called when a test finishes, and what is a TypeError?')).toEqual([]);
    expect(names('Is there a matcher called toBeWithinRange, or one named `to_be_within`?')).toEqual([]);
    expect(names("My theme is called 'Solarized Dark' and the site www.example.com.")).toEqual([]);
    expect(names("Does a mock of 'lodash' hoist, and what does the error 'abc' mean?")).toEqual([]);
  });

  test('English words after "function", "let" or "class" are not declarations', () => {
    expect(names('Is there a function memoization helper?')).toEqual([]);
    expect(names('How do I let users sign in, and what does a class constructor need?')).toEqual([]);
    expect(names('I wrote `function toSlug(text)` and `class Store { }` in my plugin')).toEqual(['toSlug', 'text', 'Store']);
  });

  test('a name written bare, or called without arguments, is what the question is about', () => {
    expect(names('How do I test a custom React hook with renderHook?')).toEqual([]);
    expect(names("What's the difference between useEffect and useLayoutEffect?")).toEqual([]);
    expect(names('When should I call jest.resetModules() in a test?')).toEqual([]);
  });

  test('merge with the asides, in order, overlapping ranges joined', () => {
    const question = "Why does parseConfig('x') throw? I need it for our GDPR banner.";
    expect(withReaderCode(questionAsides(question), question)).toEqual([
      { start: 9, end: 20 },
      { start: 21, end: 24 },
      { start: 32, end: question.length },
    ]);
  });
});
