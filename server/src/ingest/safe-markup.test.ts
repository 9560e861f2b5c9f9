import { describe, expect, test } from 'vitest';
import { pageWithSections } from './markdown-pages';
import { isSafeLinkUrl, stripHtml } from './safe-markup';

/** The sections' Markdown of a plain-Markdown page, as the index holds them. */
function sectionsOf(markdown: string): { heading: string; markdown: string }[] {
  return pageWithSections({ path: '/docs/page', title: 'Page', groups: [], markdown }).sections.map(({ heading, markdown: body }) => ({ heading, markdown: body }));
}

describe('the docs HTML policy at ingestion', () => {
  test('raw HTML blocks become the Markdown they mean; scripts, styles and handlers are gone', () => {
    const [section] = sectionsOf(
      [
        '# Page',
        '',
        'Before.',
        '',
        '<script>alert(1)</script>',
        '',
        '<img src="x" onerror="alert(2)">',
        '',
        '<div class="note" onclick="alert(3)">',
        '<p>Kept <b>text</b> and <a href="https://example.com/ok">a link</a>.</p>',
        '</div>',
        '',
        '<style>body { display: none }</style>',
        '',
        'After.',
      ].join('\n'),
    );
    expect(section?.markdown).toBe('Before.\n\nKept **text** and [a link](https://example.com/ok).\n\nAfter.');
  });

  test('inline HTML loses its tags (hidden elements their content), headings included', () => {
    const sections = sectionsOf('# Page\n\n## Press <kbd>Ctrl</kbd> <script>alert(1)</script>now\n\nUse <span style="color:red">this<br>line</span> <iframe src="https://evil.example">x</iframe>please.\n');
    expect(sections.map((section) => section.heading)).toEqual(['Press Ctrl now']);
    expect(sections[0]?.markdown).toBe('Use this line please.');
  });

  test('a tag dropped at the edge of a paragraph leaves no line break behind (no `&#xA;`)', () => {
    const [section] = sectionsOf('# Page\n\nUse the default socket.\n   <img src="/socket.png" width=800>\n\n<br> Next paragraph.\n');
    expect(section?.markdown).toBe('Use the default socket.\n\nNext paragraph.');
  });

  test('links and images with a scheme other than http(s) keep only their text; others stay as written', () => {
    const [section] = sectionsOf(
      [
        '# Page',
        '',
        'Click [here](javascript:alert(1)) or [there](JaVaScRiPt:alert%281%29) or [data](data:text/html;base64,PHNjcmlwdD4=).',
        '',
        'See [setup](./setup.md), [anchor](#install), [site](/docs/x) and [web](https://example.com/a_(b)).',
        '',
        'Reference [ref][bad] and [good][ok]. ![logo](vbscript:msgbox) ![shot](https://example.com/s.png)',
        '',
        '[bad]: javascript:alert(3)',
        '[ok]: https://example.com/ok',
      ].join('\n'),
    );
    expect(section?.markdown).toBe(
      [
        'Click here or there or data.',
        '',
        'See [setup](./setup.md), [anchor](#install), [site](/docs/x) and [web](https://example.com/a_(b)).',
        '',
        'Reference ref and [good][ok]. logo ![shot](https://example.com/s.png)',
        '',
        '[ok]: https://example.com/ok',
      ].join('\n'),
    );
  });

  test('code keeps its text, < and all', () => {
    const code = '# Page\n\nWrite `<div onclick="x">` like this:\n\n```html\n<script>alert(1)</script>\n<img src=x onerror=alert(2)>\n```\n';
    expect(sectionsOf(code)[0]?.markdown).toBe('Write `<div onclick="x">` like this:\n\n```html\n<script>alert(1)</script>\n<img src=x onerror=alert(2)>\n```');
  });

  test('isSafeLinkUrl refuses every scheme but http(s), however spelled', () => {
    for (const url of ['https://a.example', 'http://a.example', '//a.example/x', '/docs/', 'guide/setup.md', '#anchor', '?q=1', 'a_(b)']) {
      expect(isSafeLinkUrl(url), url).toBe(true);
    }
    for (const url of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'java\tscript:alert(1)', 'java\u0000script:x', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', 'mailto:a@b.example']) {
      expect(isSafeLinkUrl(url), url).toBe(false);
    }
  });

  test('stripHtml leaves the text a reader sees', () => {
    expect(stripHtml('<img src=x onerror=alert(1)>Setup <b>guide</b><script>alert(2)</script>')).toBe('Setup guide');
    expect(stripHtml('Fish &amp; chips, 1 < 2')).toBe('Fish & chips, 1 < 2');
    expect(stripHtml('Plain title')).toBe('Plain title');
  });
});

describe('HTML split by blank lines', () => {
  test('a definition list whose entries stand apart (as generated man pages write them) reads as one list, each term with its description', () => {
    const [section] = sectionsOf(
      [
        '## Options',
        '',
        '<dl>',
        '',
        '<dt id="option-locked"><code>--locked</code></dt>',
        '<dd><p>Asserts the lock file is <em>unchanged</em>.</p>',
        '</dd>',
        '',
        '',
        '<dt id="option-offline"><code>--offline</code></dt>',
        '<dd><p>Prevents network access.</p>',
        '<p>See also fetch.</p>',
        '</dd>',
        '',
        '</dl>',
        '',
        'After the list.',
      ].join('\n'),
    );
    expect(section?.markdown).toBe('- `--locked`\n\n  Asserts the lock file is _unchanged_.\n\n- `--offline`\n\n  Prevents network access.\n\n  See also fetch.\n\nAfter the list.');
  });
});

describe('HTML that shows nothing', () => {
  test('an empty <pre>, or the opening tag of an element HTML reads as one (<Listing>), gives no empty code block', () => {
    const [section] = sectionsOf(['## Scope', '', '<Listing number="4-1" caption="A variable">', '', '```rust', 'let s = "hello";', '```', '', '</Listing>', '', '<pre></pre>', '', 'After.'].join('\n'));
    expect(section?.markdown).toBe('```rust\nlet s = "hello";\n```\n\nAfter.');
  });
});

describe('table spans', () => {
  test('a cell spanning a billion columns (which ran the process out of memory) spans at most 100; a bad span is 1', () => {
    const [section] = sectionsOf('# Page\n\n<table><tr><td colspan="1000000000">a</td><td colspan="x">b</td></tr><tr><td rowspan="99999999">c</td></tr></table>\n');
    const header = section?.markdown.split('\n')[0] ?? '';
    expect(header.split('|').length).toBe(103);
    expect(section?.markdown.split('\n')).toHaveLength(4);
  });
});
