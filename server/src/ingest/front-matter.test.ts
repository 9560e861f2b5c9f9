import { parse as parseYaml } from 'yaml';
import { describe, expect, test } from 'vitest';
import { parseFrontMatter } from './front-matter';

describe('parseFrontMatter', () => {
  // Flat front matter is read without the YAML parser; it must read exactly as YAML does.
  const cases = [
    'title: Getting started\ndescription: How to install it, then run it.',
    'sidebar_position: 3\nslug: /setup\ndraft: true',
    'tags: [cli, setup]\nkeywords: []\ngroups: [admins]',
    'title: "Quoted: with a colon"\nlabel: \'single # quoted\'',
    'title: Ratio 16:9 and a#hash\nversion: 1.10\nport: 0800',
    'title: null\nhidden: False\nempty: ~\nnote: yes',
    'title: Step 1: install\nother: value # a comment',
    'list:\n  - a\n  - b\nnested:\n  key: value',
    'title: >-\n  folded\n  text',
    'tags: [true, 3]\nname: "escaped \\" quote"',
    'title: x\ntitle: y',
    'title: Größe und Maß\nauthor: Zoë',
    'title: foo\t# comment\nother: bar\t#',
    'title: a:\tb',
    'null: x\nNULL: y',
    'True: x',
    `title: a${' '.repeat(40_000)}b`,
  ];

  test.each(cases.map((text) => [text.length > 80 ? `${text.slice(0, 40)}…` : text, text]))('reads %j as YAML does', (_label, text) => {
    let expected: unknown;
    try {
      expected = parseYaml(text, { logLevel: 'error' });
    } catch {
      expect(() => parseFrontMatter(text, '/docs/page.md')).toThrow(/page\.md: front matter is not valid YAML/);
      return;
    }
    expect(parseFrontMatter(text, '/docs/page.md')).toEqual(expected);
  });
});
