import type { Code } from 'mdast';
import { describe, expect, test } from 'vitest';
import { applyChangeMarkers } from './code-line-marks';

const block = (lang: string, meta: string, value: string): Code => ({
  type: 'code',
  lang,
  meta,
  value,
  position: { start: { line: 1, column: 1 }, end: { line: 3, column: 4 } },
});

const marked = (lang: string, meta: string, value: string) => {
  const node = block(lang, meta, value);
  applyChangeMarkers(node);
  return node.value;
};

describe('applyChangeMarkers', () => {
  test('del= and ins= line ranges end their lines in `// removed` and `// added`; blank lines stay bare', () => {
    const node = block('js', 'del={2} ins={3-5}', "export default defineConfig({\n  integrations: [starlight({ title: 'Old' })],  \n  integrations: [starlight({ title: 'New',\n\n    sidebar: [] })],\n});");
    expect(applyChangeMarkers(node)).toBe(true);
    expect(node.value).toBe(
      "export default defineConfig({\n  integrations: [starlight({ title: 'Old' })], // removed\n  integrations: [starlight({ title: 'New', // added\n\n    sidebar: [] })], // added\n});",
    );
    expect(node.meta).toBe('del={2} ins={3-5}');
    expect(node.position).toBeUndefined();
  });

  test("the comment is the block language's", () => {
    expect(marked('sh', 'del={1} ins={2}', 'npm i a\nnpm i b')).toBe('npm i a # removed\nnpm i b # added');
    expect(marked('yml', 'ins={1}', 'a: 1')).toBe('a: 1 # added');
    expect(marked('html', 'del={1}', '<p>a</p>')).toBe('<p>a</p> <!-- removed -->');
    expect(marked('css', 'ins={1}', 'a { color: red }')).toBe('a { color: red } /* added */');
    expect(marked('sql', 'ins={1}', 'select 1')).toBe('select 1 -- added');
    expect(marked('json', 'del={1}', '"a": 1,')).toBe('"a": 1, // removed');
    expect(marked('TSX', 'del={1}', '<A />')).toBe('<A /> // removed');
    expect(marked('bat', 'ins={1}', 'set A=1')).toBe('set A=1 REM added');
    expect(marked('hcl', 'del={1}', 'count = 1')).toBe('count = 1 # removed');
  });

  test("an Astro component's `---` script takes `//`, its template `<!-- -->`", () => {
    expect(marked('astro', 'ins={2,5}', "---\nimport Card from './Card.astro';\n---\n\n<Card />")).toBe(
      "---\nimport Card from './Card.astro'; // added\n---\n\n<Card /> <!-- added -->",
    );
  });

  test('labels, aliases and range forms are read as Expressive Code reads them', () => {
    expect(marked('js', 'ins={"Step 1":1} rem={2..3} add={6-5} del={7...9}', 'a\nb\nc\nd\ne\nf\ng\nh\ni')).toBe(
      'a // added\nb // removed\nc // removed\nd\ne // added\nf // added\ng // removed\nh // removed\ni',
    );
    expect(marked('js', 'ins={2-999999999}', 'a\nb')).toBe('a\nb // added');
  });

  test('plain highlights carry no meaning for the reader: the block is left as written', () => {
    const node = block('js', '{1} mark={2} title="a.js" "b" ins', 'a\nb');
    expect(applyChangeMarkers(node)).toBe(false);
    expect(node.value).toBe('a\nb');
    expect(node.position).toBeDefined();
  });

  test('text markers highlight words inside a line, which plain text cannot show: no mark, and no regexp is run', () => {
    const node = block('js', String.raw`del="old" ins=/ne[w]/ del='it\'s' ins=/(a+)+$/ title="x.js"`, `const old = 1\nconst new = 2\nsay('it's')\n${'a'.repeat(40)}!`);
    expect(applyChangeMarkers(node)).toBe(false);
    expect(marked('js', 'del="old" ins={2}', 'const old = 1\nconst new = 2')).toBe('const old = 1\nconst new = 2 // added');
  });

  test('a line marked both ways reads as added', () => {
    expect(marked('js', 'del={1} ins={1}', 'a')).toBe('a // added');
  });

  test('a diff with lang= loses its +/- prefixes and the indentation its lines share, marks them and takes the language', () => {
    const node = block('diff', 'lang="js"', ' function a() {\n-  return 1\n+  return 2\n }');
    expect(applyChangeMarkers(node)).toBe(true);
    expect(node.lang).toBe('js');
    expect(node.meta).toBe('lang="js"');
    expect(node.value).toBe('function a() {\n  return 1 // removed\n  return 2 // added\n}');
    expect(marked('diff', 'lang=sh', 'npm run dev\n-npm i a\n+npm i b\n--flag\n\n')).toBe('npm run dev\nnpm i a # removed\nnpm i b # added\n--flag\n\n');
  });

  test('a real diff, or a diff without lang=, stays as written', () => {
    const real = block('diff', 'lang="js"', '--- a/x.js\n+++ b/x.js\n@@ -1 +1 @@\n-a\n+b');
    expect(applyChangeMarkers(real)).toBe(false);
    expect([real.lang, real.value]).toEqual(['diff', '--- a/x.js\n+++ b/x.js\n@@ -1 +1 @@\n-a\n+b']);
    const plain = block('diff', '', '-a\n+b');
    expect(applyChangeMarkers(plain)).toBe(false);
    expect(plain.value).toBe('-a\n+b');
  });
});
