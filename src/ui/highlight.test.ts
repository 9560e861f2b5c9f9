import { describe, expect, it } from 'vitest';
import { highlightCode, normaliseLanguage } from './highlight.js';

function classesOf(tree: unknown): string[] {
  const found: string[] = [];
  const visit = (node: { properties?: { className?: string[] }; children?: unknown[] }) => {
    found.push(...(node.properties?.className ?? []));
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit(tree as Parameters<typeof visit>[0]);
  return found;
}

describe('highlightCode', () => {
  it('highlights the registered languages and their aliases', () => {
    const cases: Array<[string, string]> = [
      ['ts', 'const answer: number = 42;'],
      ['js', 'function run() { return 1; }'],
      ['json', '{ "a": true }'],
      ['bash', 'npm install docent # comment'],
      ['sh', 'echo "hi"'],
      ['html', '<div class="x"></div>'],
      ['css', '.a { color: red; }'],
      ['python', 'def run():\n    return 1'],
      ['yml', 'key: value'],
    ];
    for (const [language, code] of cases) {
      const result = highlightCode(code, language);
      expect(result, language).not.toBeNull();
      expect(classesOf(result?.tree).some((name) => name.startsWith('hljs-')), language).toBe(true);
    }
    expect(highlightCode('const a = 1', 'TS')?.language).toBe('ts');
  });

  it('returns null for no language or an unregistered one', () => {
    expect(highlightCode('x', undefined)).toBeNull();
    expect(highlightCode('x', '')).toBeNull();
    expect(highlightCode('x', 'brainfuck')).toBeNull();
  });

  it('reads the language from a fence info string', () => {
    expect(normaliseLanguage('TypeScript title="a.ts"')).toBe('typescript');
    expect(normaliseLanguage('{.python}')).toBe('python');
    expect(normaliseLanguage('  ')).toBeUndefined();
  });
});

describe('the compact CSS grammar', () => {
  function scopes(code: string): Array<[string, string]> {
    const found: Array<[string, string]> = [];
    const visit = (node: { type: string; value?: string; properties?: { className?: string[] }; children?: unknown[] }, scope: string) => {
      const own = node.properties?.className?.[0] ?? scope;
      if (node.type === 'text' && own !== '' && node.value?.trim()) found.push([own, node.value]);
      for (const child of node.children ?? []) visit(child as typeof node, own);
    };
    visit(highlightCode(code, 'css')!.tree as Parameters<typeof visit>[0], '');
    return found;
  }

  it('tells selectors, properties, values, at-rules and comments apart', () => {
    const found = scopes(
      '/* theme */\n@media (max-width: 640px) {\n  .docent-root:hover, #panel > a[href="x"] {\n    --docent-accent: #7c3aed;\n    border-radius: 12px !important;\n    font-family: "Inter", sans-serif;\n    width: calc(100% - 2rem);\n  }\n}',
    );
    expect(found).toEqual(
      expect.arrayContaining([
        ['hljs-comment', '/* theme */'],
        ['hljs-keyword', '@media'],
        ['hljs-selector-class', '.docent-root'],
        ['hljs-selector-pseudo', ':hover'],
        ['hljs-selector-id', '#panel'],
        ['hljs-selector-tag', 'a'],
        ['hljs-attribute', '--docent-accent'],
        ['hljs-number', '#7c3aed'],
        ['hljs-attribute', 'border-radius'],
        ['hljs-number', '12px'],
        ['hljs-keyword', '!important'],
        ['hljs-string', '"Inter"'],
        ['hljs-built_in', 'calc'],
        ['hljs-number', '100%'],
      ]),
    );
  });
});
