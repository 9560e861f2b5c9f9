import { describe, expect, test } from 'vitest';
import { parseMarkdown, stringifyMarkdown, usesRemarkMath } from './markdown-parser';

describe('usesRemarkMath', () => {
  test('an import, a require or a dynamic import of remark-math turns math on; a comment or another module does not', () => {
    expect(usesRemarkMath("import remarkMath from 'remark-math';\nexport default {};")).toBe(true);
    expect(usesRemarkMath('const math = require("remark-math");')).toBe(true);
    expect(usesRemarkMath("const { default: math } = await import('remark-math');")).toBe(true);
    expect(usesRemarkMath("// import remarkMath from 'remark-math';\n/*\n * import math from 'remark-math'\n */")).toBe(false);
    expect(usesRemarkMath("import katex from 'rehype-katex'; // pairs with remark-math")).toBe(false);
  });
});

describe('math', () => {
  test('parsed with math, $…$ stays as written; without, and on pages without math, a dollar sign is not escaped', () => {
    expect(stringifyMarkdown(parseMarkdown('Area $\\pi r^{2}$ costs $5.', { math: true }).children)).toBe('Area $\\pi r^{2}$ costs \\$5.');
    expect(stringifyMarkdown(parseMarkdown('It costs $5 and $10 a month.').children)).toBe('It costs $5 and $10 a month.');
  });
});
