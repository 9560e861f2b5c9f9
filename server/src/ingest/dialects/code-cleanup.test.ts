import type { Code } from 'mdast';
import { describe, expect, test } from 'vitest';
import { cleanCodeBlock } from './code-cleanup';

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
});
