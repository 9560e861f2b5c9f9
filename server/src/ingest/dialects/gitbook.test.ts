import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ingestDocs } from '../ingest-docs';
import { formatNotice } from '../ingest-notices';
import { pageAt } from '../testing/page-at';
import { temporarySites } from '../testing/temporary-site';
import { gitbookPagePath } from './gitbook';
import { gitbookBlocksAsMarkdown } from './gitbook-blocks';

const site = temporarySites('docent-gitbook-');

// A space as GitBook's Git Sync writes it: SUMMARY.md, README.md pages for folders, block tags,
// reusable content under .gitbook/includes and the anchors GitBook exports into headings.
const space: Record<string, string> = {
  '.gitbook.yaml': 'root: ./docs/\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n',
  'docs/SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n\n## Guides <a href="#guides" id="guides"></a>\n\n* [Setup](guides/README.md)\n  * [Install](guides/install.md)\n',
  'docs/README.md': '---\ndescription: The widget for your docs.\n---\n\n# Welcome\n\nStart with the [install guide](guides/install.md).\n',
  'docs/guides/README.md': '# Setup\n\n{% content-ref url="install.md" %}\n[install.md](install.md)\n{% endcontent-ref %}\n',
  'docs/guides/install.md': [
    '# Install',
    '',
    '## Before you start <a href="#prerequisites" id="prerequisites"></a>',
    '',
    '{% hint style="warning" %}',
    'Node.js 20 or later is required.',
    '{% endhint %}',
    '',
    '## Package managers',
    '',
    '{% tabs %}',
    '{% tab title="npm" %}',
    '```bash',
    'npm install widget',
    '```',
    '{% endtab %}',
    '',
    '{% tab title="pnpm" %}',
    '```bash',
    'pnpm add widget',
    '```',
    '{% endtab %}',
    '{% endtabs %}',
    '',
    '## Configure',
    '',
    '{% code title="widget.config.js" %}',
    '```js',
    'export default { theme: "dark" };',
    '```',
    '{% endcode %}',
    '',
    '{% include "../.gitbook/includes/support.md" %}',
    '',
    'Write `{% hint %}` blocks in Markdown like this:',
    '',
    '```markdown',
    '{% hint style="info" %}',
    'Text',
    '{% endhint %}',
    '```',
    '',
  ].join('\n'),
  'docs/.gitbook/includes/support.md': '---\ntitle: Support\n---\n\nAsk us anything at the forum.\n',
  'docs/drafts/unlisted.md': '# Not in the table of contents\n',
};

describe('GitBook dialect', () => {
  test("is detected from .gitbook.yaml; the pages are SUMMARY.md's, at their paths without .md, a folder's README its folder's, the first page the root", async () => {
    const docs = await ingestDocs({ docs: path.join(await site(space), 'docs') });
    expect(docs.generator).toBe('gitbook');
    expect(docs.pages.map((page) => [page.path, page.title])).toEqual([
      ['/', 'Welcome'],
      ['/guides', 'Setup'],
      ['/guides/install', 'Install'],
    ]);
    expect(pageAt(docs, '/').sections[0]?.markdown).toBe('Start with the [install guide](/guides/install).');
  });

  test("block tags read as what they hold: hints as their text, tabs and code led by their titles, content-refs as their link, includes as their content; tags in code stay", async () => {
    const docs = await ingestDocs({ docs: path.join(await site(space), 'docs') });
    const install = pageAt(docs, '/guides/install').sections;
    expect(install.map((section) => [section.anchor, section.heading])).toEqual([
      ['prerequisites', 'Before you start'],
      ['package-managers', 'Package managers'],
      ['configure', 'Configure'],
    ]);
    expect(install[0]?.markdown).toBe('Node.js 20 or later is required.');
    expect(install[1]?.markdown).toBe('**npm**\n\n```bash\nnpm install widget\n```\n\n**pnpm**\n\n```bash\npnpm add widget\n```');
    expect(install[2]?.markdown).toBe(
      '**widget.config.js**\n\n```js\nexport default { theme: "dark" };\n```\n\nAsk us anything at the forum.\n\nWrite `{% hint %}` blocks in Markdown like this:\n\n```markdown\n{% hint style="info" %}\nText\n{% endhint %}\n```',
    );
    expect(pageAt(docs, '/guides').sections[0]?.markdown).toBe('[install.md](/guides/install)');
  });

  test('with root: ./docs/, a README beside .gitbook.yaml is no page, even where the summary names a README.md', async () => {
    const root = await site({ '.gitbook.yaml': 'root: ./docs/\n', 'README.md': '# Repository\n\nContributing notes.\n', 'docs/SUMMARY.md': '* [Home](README.md)\n', 'docs/README.md': '# Home\n\nWelcome.\n' });
    const docs = await ingestDocs({ docs: root });
    expect(docs.pages.map((page) => [page.path, page.sections.map((section) => section.markdown)])).toEqual([['/', ['Welcome.']]]);
  });

  test('without .gitbook.yaml, a .gitbook folder beside SUMMARY.md is a GitBook space; .gitbook/ files are not pages', async () => {
    const root = await site({ 'SUMMARY.md': '* [Home](README.md)\n', 'README.md': '# Home\n\nHello.\n', '.gitbook/includes/x.md': 'Included.\n' });
    const docs = await ingestDocs({ docs: root });
    expect(docs.generator).toBe('gitbook');
    expect(docs.pages.map((page) => page.path)).toEqual(['/']);
  });
});

describe('GitBook notices', () => {
  test('a page with an OpenAPI block is named in a notice (its reference comes from a spec); one that only shows the tag in code is not', async () => {
    const root = await site({
      'SUMMARY.md': '* [Home](README.md)\n* [API](api.md)\n',
      'README.md': '# Home\n\nWrite `{% openapi %}` to embed a spec:\n\n```markdown\n{% openapi src="x.yaml" path="/pets" method="get" %}\n{% endopenapi %}\n```\n',
      'api.md': '# API\n\n{% openapi src="petstore.yaml" path="/pets" method="get" %}\n[petstore.yaml](petstore.yaml)\n{% endopenapi %}\n',
      '.gitbook/assets/.keep': '',
    });
    const docs = await ingestDocs({ docs: root });
    expect((docs.notices ?? []).map(formatNotice).join('\n')).toMatch(/^1 page gets part of its content from an OpenAPI spec .*\(\/api\); /);
  });
});

describe('GitBook parts', () => {
  test('page paths', () => {
    expect(gitbookPagePath('README.md')).toBe('');
    expect(gitbookPagePath('intro.md', 'intro.md')).toBe('');
    expect(gitbookPagePath('guides/README.md')).toBe('guides');
    expect(gitbookPagePath('guides/install.md')).toBe('guides/install');
  });

  test('an embed becomes its link, an update its date, a stepper its steps; unknown tags go', () => {
    expect(gitbookBlocksAsMarkdown('{% embed url="https://youtu.be/x" %}\nThe launch video\n{% endembed %}')).toBe('\n[https://youtu.be/x](https://youtu.be/x)\n\n\nThe launch video\n\n');
    expect(gitbookBlocksAsMarkdown('{% updates %}\n{% update date="2025-01-02" %}\nNew editor.\n{% endupdate %}\n{% endupdates %}')).toBe('\n\n\n**2025-01-02**\n\n\nNew editor.\n\n\n\n');
    expect(gitbookBlocksAsMarkdown('{% if visitor.claims.plan == "pro" %}Pro only.{% endif %}')).toBe('\nPro only.\n');
  });
});
