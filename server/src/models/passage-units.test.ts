import { describe, expect, test } from 'vitest';
import { passageBlocks, splitSentences } from './passage-units';

describe('splitSentences', () => {
  test('splits at sentence ends, not at abbreviations, versions or inside code', () => {
    expect(splitSentences('Set it, e.g. to `dark`. Then reload. Version 2.1 works. Call `a. B` first! Done?')).toEqual([
      'Set it, e.g. to `dark`.',
      'Then reload.',
      'Version 2.1 works.',
      'Call `a. B` first!',
      'Done?',
    ]);
  });
});

describe('passageBlocks', () => {
  test('cuts a section into paragraphs, whole lists, tables and code blocks, in order', () => {
    const blocks = passageBlocks(
      'First sentence. Second one:\n\n```js title=x\nconst a = 1;\n\n// # not a heading\n```\n\n1. one\n2. two\n\n| Name | Default |\n| --- | --- |\n| `theme` | `auto` |\n\n> [!NOTE]\n> Quoted note.\n\n#### Details\n',
      '/docs/page',
    );

    expect(blocks.map((block) => [block.kind, block.markdown])).toEqual([
      ['paragraph', 'First sentence. Second one:'],
      ['code', '```js\nconst a = 1;\n\n// # not a heading\n```'],
      ['list', '1. one\n2. two'],
      ['table', '| Name | Default |\n| --- | --- |\n| `theme` | `auto` |'],
      ['paragraph', 'Quoted note.'],
      ['heading', '**Details**'],
    ]);
    expect(blocks.map((block) => block.order)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(blocks[2]).toMatchObject({ ordered: true, items: ['1. one', '2. two'], words: 4 });
  });

  test('keeps a step\'s code in its list item, unless the code is too long to quote', () => {
    const steps = '1. Install it:\n\n   ```bash\n   npm i docent\n   ```\n\n2. Add the file:\n\n   ```yaml\n' + '   line: 1\n'.repeat(5) + '   ```\n';

    const [kept] = passageBlocks(steps, '/docs/page', 10);
    const [dropped] = passageBlocks(steps, '/docs/page', 3);

    expect(kept?.markdown).toContain('```bash\n   npm i docent\n   ```');
    expect(kept?.markdown).toContain('line: 1');
    expect(kept).toMatchObject({ kind: 'list', codeLines: 6 });
    expect(dropped?.markdown).toContain('npm i docent');
    expect(dropped?.markdown).not.toContain('line: 1');
    // The step's line that introduced the code left out ends as a statement, not a promise.
    expect(dropped?.markdown.endsWith('2. Add the file.')).toBe(true);
  });

  test('a step without its code too long to quote loses the sentence that introduced it', () => {
    const long = '   ```yaml\n' + '   line: 1\n'.repeat(5) + '   ```';
    const workflow = `1. **Create a workflow**\n\n   Create \`deploy.yml\`. The next step generates a starter file for you.\n\n   Here's a sample workflow that builds the site:\n\n${long}\n\n2. Push it.`;
    const [steps] = passageBlocks(workflow, '/docs/page', 3);
    expect(steps).toMatchObject({ items: ['1. **Create a workflow**\n\n   Create `deploy.yml`. The next step generates a starter file for you.', '2. Push it.'] });
    // A paragraph of several sentences ends at the one before.
    const [sentences] = passageBlocks(`- Create \`deploy.yml\`. It should look like this:\n\n${long}`, '/docs/page', 3);
    expect(sentences).toMatchObject({ items: ['- Create `deploy.yml`.'] });
    // Code that no sentence introduced just goes.
    const [plain] = passageBlocks(`- Create \`deploy.yml\`.\n\n${long}\n\n  Then push it.`, '/docs/page', 3);
    expect(plain).toMatchObject({ items: ['- Create `deploy.yml`.\n\n  Then push it.'] });
  });

  test('keeps absolute links, points #anchors at the page, and reduces links into the docs folder to their text', () => {
    const [block] = passageBlocks('See [the API](/docs/api), [below](#dark-mode), [options](./options.md) and [MDN](https://developer.mozilla.org). ![logo](logo.png)', '/docs/page');

    expect(block?.markdown).toBe('See [the API](/docs/api), [below](/docs/page#dark-mode), options and [MDN](https://developer.mozilla.org).');
  });

  test('reference links become inline links from the section\'s definitions, which a quote leaves behind; reference images go', () => {
    const markdown = [
      'Built on [Jinja], see the [built-in themes][themes], the [Guide][] and [setup](#setup).',
      '',
      '[![Tabs enabled]][Tabs enabled] Tabs. ![Logo]',
      '',
      'Keep [optional] and [missing][nowhere] as written; a [local file][file] is its text.',
      '',
      '[jinja]: https://jinja.palletsprojects.com/',
      '[themes]: #built-in-themes',
      '[guide]: /docs/guide/ "The guide"',
      '[Tabs enabled]: ../assets/tabs.png',
      '[logo]: logo.svg',
      '[file]: ./notes.md',
    ].join('\n');
    expect(passageBlocks(markdown, '/docs/page').map((block) => block.markdown)).toEqual([
      'Built on [Jinja](https://jinja.palletsprojects.com/), see the [built-in themes](/docs/page#built-in-themes), the [Guide](/docs/guide/) and [setup](/docs/page#setup).',
      'Tabs.',
      'Keep [optional] and missing as written; a local file is its text.',
    ]);
  });

  test("a footnote's text is not quoted, nor its marks; brackets in code stay", () => {
    const markdown = ['Shows the latest release tag[^1] and stars.', '', '[^1]: Only for public repositories.', '', '- Ignore `[^a-z]+` paths[^note].', '', '[^note]: https://example.com/paths'].join('\n');
    expect(passageBlocks(markdown, '/docs/page').map((block) => block.markdown)).toEqual(['Shows the latest release tag and stars.', '- Ignore `[^a-z]+` paths.']);
  });

  test('links: a scheme other than http(s) leaves only the text; parentheses inside an address stay in it', () => {
    const [block] = passageBlocks(
      'Click [here](javascript:alert(1)), [mail](mailto:a@b.example), [data](data:text/html,x) or ![x](javascript:alert(2)) [wiki](https://en.wikipedia.org/wiki/Function_(mathematics)) and [top](#install).',
      '/docs/page',
    );
    expect(block?.markdown).toBe('Click here, mail, data or  [wiki](https://en.wikipedia.org/wiki/Function_(mathematics)) and [top](/docs/page#install).');
  });
});
