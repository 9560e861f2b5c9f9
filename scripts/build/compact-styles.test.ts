import { describe, expect, it } from 'vitest';
import { compactCss } from './compact-styles.js';

describe('compactCss', () => {
  it('drops line breaks next to braces, semicolons, commas and child combinators', () => {
    expect(compactCss('\n.a{\ncolor:red;\nmargin:0}\n.b,\n.c\n>\n.d{padding:0}\n')).toBe('.a{color:red;margin:0}.b,.c>.d{padding:0}');
  });

  it('keeps one space where a break separates words (a descendant selector, a value on two lines)', () => {
    expect(compactCss('.a\n.b{box-shadow:0 0 1px red,\n0 2px 4px blue;font:12px\nsans-serif}')).toBe(
      '.a .b{box-shadow:0 0 1px red,0 2px 4px blue;font:12px sans-serif}',
    );
  });

  it('leaves spaces inside a line alone', () => {
    expect(compactCss(':where(.docent-root) *::before{content:"a  b"}')).toBe(':where(.docent-root) *::before{content:"a  b"}');
  });
});
