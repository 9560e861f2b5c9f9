import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { renameSdkZod, withoutUnusedMarkedRules } from './dependency-patches.js';

// The file the widget's builds bundle (marked's `import` entry).
const markedCode = readFileSync(createRequire(import.meta.url).resolve('marked'), 'utf8');

interface MarkedModule {
  Lexer: new () => { lex(markdown: string): unknown[] };
}

const importCode = (code: string) => import(`data:text/javascript,${encodeURIComponent(code)}`) as Promise<MarkedModule>;

const answer = [
  '# Install\n\nRun `npm i docent`, then **mount** it: see [the guide](/docs/guide "Guide").\n',
  '- [x] a task\n- ~~old~~ _new_\n  1. nested\n\n> quoted\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n',
  '```ts\nconst a = 1;\n```\n\nLine one  \nline two <b>html</b> https://example.com\n\n[ref]: /docs/ref\n',
].join('\n');

describe('withoutUnusedMarkedRules', () => {
  it("blanks marked's pedantic and breaks rule sets, keeping every column", () => {
    const trimmed = withoutUnusedMarkedRules(markedCode);
    expect(trimmed).not.toBeNull();
    expect(trimmed!.length).toBe(markedCode.length);
    expect(trimmed!.split('\n').map((line) => line.length)).toEqual(markedCode.split('\n').map((line) => line.length));
    // The pedantic rules' inline-tag list and the breaks rules' `{2,}` → `*` edit are theirs alone.
    for (const text of ['(?!(?:a|em|strong|small|s|cite|q|dfn|abbr|data|time|code|var|samp|kbd', '.replace("{2,}","*")']) {
      expect(markedCode).toContain(text);
      expect(trimmed).not.toContain(text);
    }
  });

  it('leaves a lexer that lexes an answer exactly as marked does', async () => {
    const original = await importCode(markedCode);
    const trimmed = await importCode(withoutUnusedMarkedRules(markedCode)!);
    expect(new trimmed.Lexer().lex(answer)).toEqual(new original.Lexer().lex(answer));
  });

  it('says so (null) when marked no longer has that shape', () => {
    expect(withoutUnusedMarkedRules('const rules = { normal: {}, gfm: {} };')).toBeNull();
  });
});

describe('renameSdkZod', () => {
  it("renames the SDK's zod imports and their calls, not other names ending in z", () => {
    const code = 'import { z } from "zod/v4";\nimport { z as z2 } from "zod/v4";\nvar a = z.object({ b: z2.string() }), c = baz.z(1);';
    expect(renameSdkZod(code)).toBe(
      'import { z as docentSdkZod } from "zod/v4";\nimport { z as docentSdkZod2 } from "zod/v4";\nvar a = docentSdkZod.object({ b: docentSdkZod2.string() }), c = baz.z(1);',
    );
  });
});
