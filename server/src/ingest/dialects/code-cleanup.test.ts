import type { Code } from 'mdast';
import { describe, expect, test } from 'vitest';
import { cleanCodeBlock, defaultMagicComments, isTwoslashBlock, isTwoslashInclude, removeMagicComments } from './code-cleanup';

const cleaned = (value: string, meta?: string) => {
  const node: Code = { type: 'code', lang: 'ts', meta: meta ?? null, value };
  cleanCodeBlock(node);
  return node.value;
};

describe('cleanCodeBlock', () => {
  test('line annotations only the build reads are removed', () => {
    expect(cleaned("export default defineConfig({}) // [!code focus]\nconst a = 1 // [!code hl]\n<p>x</p> <!-- [!code warning] -->")).toBe(
      'export default defineConfig({})\nconst a = 1\n<p>x</p>',
    );
  });

  test('diff marks become words in the line\'s own comment syntax, so the old and the new line do not both read as valid', () => {
    expect(cleaned("vi.mock('./a') // [!code --]\nvi.mock('./b') // [!code ++]\nclearMocks: true, # [!code ++]\n<div /> <!-- [!code --] -->")).toBe(
      "vi.mock('./a') // removed\nvi.mock('./b') // added\nclearMocks: true, # added\n<div /> <!-- removed -->",
    );
  });

  test('a range mark (`[!code --:2]`) marks its line and the lines after it', () => {
    expect(cleaned("a() // [!code --:2]\nb()\nc() // [!code ++:2]\nd()\ne()")).toBe('a() // removed\nb() // removed\nc() // added\nd() // added\ne()');
  });

  test('twoslash: everything above ---cut--- and the compiler directives and markers go', () => {
    expect(cleaned('import { x } from "y"\n// ---cut---\n// @errors: 2304\nconst a = x\n//    ^?\n', 'twoslash')).toBe('const a = x\n');
  });

  test('terminal colour codes go, as the ansi language shows them', () => {
    expect(cleaned('\u001b[31mFAIL\u001b[39m src/a.test.ts \u001b[2m>\u001b[22m adds')).toBe('FAIL src/a.test.ts > adds');
  });
});

describe('twoslash blocks', () => {
  const block = (lang: string | null, meta: string | null): Code => ({ type: 'code', lang, meta, value: '' });

  test('a block is twoslash by its meta or its language, not by a word that merely contains it', () => {
    expect(isTwoslashBlock(block('ts', 'twoslash title="utils/trpc.ts"'))).toBe(true);
    expect(isTwoslashBlock(block('twoslash', 'include router'))).toBe(true);
    expect(isTwoslashBlock(block('ts', 'title="twoslash-notes.ts"'))).toBe(false);
    expect(isTwoslashBlock(block('ts', null))).toBe(false);
  });

  test('an include block defines code for others and is not shown', () => {
    expect(isTwoslashInclude(block('twoslash', 'include router'))).toBe(true);
    expect(isTwoslashInclude(block('ts', 'twoslash'))).toBe(false);
  });
});

describe('removeMagicComments', () => {
  const withoutMagic = (value: string, lang: string | null, defaultLanguage?: string) => {
    const node: Code = { type: 'code', lang, meta: null, value };
    removeMagicComments(node, defaultMagicComments, defaultLanguage);
    return node.value;
  };

  test("only the comment syntaxes Docusaurus reads in the block's language count", () => {
    expect(withoutMagic('# highlight-next-line\n/* highlight-start */\na()\n// highlight-end', 'ts')).toBe('# highlight-next-line\na()');
    expect(withoutMagic('<!-- highlight-next-line -->\n<p>x</p>\n# highlight-next-line', 'html')).toBe('<p>x</p>\n# highlight-next-line');
    expect(withoutMagic('-- highlight-next-line\nselect 1;', 'SQL')).toBe('select 1;');
  });

  test('a block without a language uses the default language, else every popular comment syntax', () => {
    expect(withoutMagic('-- highlight-next-line\nselect 1;', null, 'sql')).toBe('select 1;');
    expect(withoutMagic('-- highlight-next-line\n# highlight-next-line\n<!-- highlight-start -->\nx', null)).toBe('-- highlight-next-line\nx');
  });
});
