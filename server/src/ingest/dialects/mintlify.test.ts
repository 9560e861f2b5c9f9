import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { mintlifyAnchors } from '../anchors';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { pageAt } from '../testing/page-at';

const fixture = path.join(import.meta.dirname, '../fixtures/mintlify');
let docs: IngestedDocs;

beforeAll(async () => {
  // Served under a subpath, as Mintlify's own docs are (example.com/docs).
  docs = await ingestDocs({ docs: fixture, pathPrefix: '/docs' });
});

const page = (pagePath: string) => pageAt(docs, pagePath);

describe('Mintlify dialect', () => {
  test("is detected from docs.json; a page's URL is its path without extension, index its folder's, no trailing slash; locale folders are languages", () => {
    expect(docs.generator).toBe('mintlify');
    expect(docs.locales).toEqual([
      { code: 'en', pathPrefix: '/docs' },
      { code: 'es', pathPrefix: '/docs/es' },
    ]);
    expect(docs.pages.map((candidate) => [candidate.path, candidate.language])).toEqual([
      ['/docs', 'en'],
      ['/docs/api-reference/send', 'en'],
      ['/docs/es', 'es'],
      ['/docs/guides/quickstart', 'en'],
      ['/docs/guides/webhooks', 'en'],
    ]);
  });

  test('snippets (snippets/, or imported by another file), .mintignore matches and README.md are not pages', () => {
    const paths = docs.pages.map((candidate) => candidate.path);
    expect(paths).not.toContain('/docs/snippets/install');
    expect(paths).not.toContain('/docs/guides/intro-snippet');
    expect(paths).not.toContain('/docs/drafts/wip');
    expect(paths).not.toContain('/docs/guides/launch.draft');
    expect(paths).not.toContain('/docs/README');
  });

  test('a snippet becomes its content where it is used, its {variables} filled from the props, in code too; its headings count with the page', () => {
    const [intro, install, requirements] = page('/docs/guides/quickstart').sections;
    expect(intro?.markdown).toBe('This guide takes about 5 minutes.');
    expect(install?.markdown).toBe('Install the @acme/node package:\n\n```bash\nnpm install @acme/node\n```');
    expect(requirements).toMatchObject({ heading: 'Requirements', anchor: 'requirements', markdown: 'Node.js 20 or later.' });
  });

  test("anchors by Mintlify's rules: apostrophe kept as ’, periods to -, parentheses gone, repeats -2; {#id} as written", () => {
    expect(page('/docs/guides/quickstart').sections.map((section) => section.anchor)).toEqual([
      undefined,
      'install-the-sdk',
      'requirements',
      'what’s-new-2-0',
      'overview',
      'overview-2',
      'rate-limits',
    ]);
    expect(page('/docs/guides/quickstart').sections.at(-1)?.heading).toBe('Limits');
  });

  test('steps keep their titles and their indented code whole; links rooted at the docs point under the subpath', () => {
    const steps = page('/docs/guides/quickstart').sections[3];
    expect(steps?.markdown).toBe(
      "**Create a key**\n\nOpen the [dashboard settings](/docs/guides/webhooks#verify-signatures) and create an API key.\n\n```bash\nexport ACME_KEY=re_123\n```\n\n**Send**\n\nCall `acme.send()`.",
    );
    expect(page('/docs/guides/webhooks').sections[0]?.markdown).toBe(
      '**`acme-signature`** (string, required)\n\nThe HMAC of the raw body.\n\n**Why do retries arrive twice?**\n\nRetries reuse the event id.',
    );
  });

  test('pages generated from an OpenAPI file are named in a notice: their reference is not in the sources', () => {
    expect(docs.notices).toEqual([expect.objectContaining({ pages: ['/docs/api-reference/send'], message: expect.stringContaining('OpenAPI') })]);
  });
});

describe('mintlifyAnchors', () => {
  test("gives the IDs Mintlify's documentation lists for its examples", () => {
    const headings = ['Getting started', 'Config.json options', "What's new", 'Rate limits (per minute)', 'Read/write access', 'Fees & billing', 'OAuth', 'Overview', 'Overview'];
    expect(mintlifyAnchors(headings.map((text) => ({ text })))).toEqual([
      'getting-started',
      'config-json-options',
      'what’s-new',
      'rate-limits-per-minute',
      'read/write-access',
      'fees-&-billing',
      'oauth',
      'overview',
      'overview-2',
    ]);
    // As Mintlify's own docs link to their headings: a question mark and commas go, other
    // punctuation stays; letters of any script stay; a custom id is reserved.
    expect(
      mintlifyAnchors([
        { text: "What's next?" },
        { text: 'Search, SEO, and AI indexing' },
        { text: 'Example: Connect to the MCP server' },
        { text: 'Split configuration with $ref' },
        { text: 'Überblick' },
        { text: 'Setup', customId: 'setup' },
        { text: 'Setup' },
      ]),
    ).toEqual(['what’s-next', 'search-seo-and-ai-indexing', 'example:-connect-to-the-mcp-server', 'split-configuration-with-$ref', 'überblick', 'setup', 'setup-2']);
  });
});

describe('Mintlify sites as authors write them', () => {
  async function site(files: Record<string, string>, within = ''): Promise<{ root: string; docs: IngestedDocs }> {
    const root = await mkdtemp(path.join(tmpdir(), 'docent-mintlify-'));
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), content);
    }
    return { root, docs: await ingestDocs({ docs: path.join(root, within), pathPrefix: '/docs' }) };
  }
  const config = '{ "$schema": "https://mintlify.com/docs.json", "name": "Acme" }';
  const roots: string[] = [];
  afterEach(async () => {
    for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
  });

  test("relative links are read from the source file's folder, an index page's too; only index is a folder's page", async () => {
    const { root, docs } = await site({
      'docs.json': config,
      'guides/index.mdx': '## Start\n\nSee [setup](./setup) and [other](../other).',
      'guides/setup.mdx': '## Setup\n\nText.',
      'guides/readme.mdx': '## Read me\n\nText.',
      'other.mdx': '## Other\n\nText.',
    });
    roots.push(root);
    expect(pageAt(docs, '/docs/guides').sections[0]?.markdown).toBe('See [setup](/docs/guides/setup) and [other](/docs/other).');
    expect(docs.pages.map((candidate) => candidate.path)).toContain('/docs/guides/readme');
  });

  test('imports never read above the docs folder, though the repository holds the file', async () => {
    const { root, docs } = await site(
      {
        '.git/HEAD': 'ref: refs/heads/main',
        'private/notes.md': '## Private\n\nSECRET-TOKEN-123',
        'docs/docs.json': config,
        'docs/index.mdx': "import Notes from '/../private/notes.md';\nimport Other from '../private/notes.md';\n\n## Home\n\nWelcome.\n\n<Notes />\n\n<Other />",
      },
      'docs',
    );
    roots.push(root);
    expect(JSON.stringify(docs.pages)).not.toContain('SECRET-TOKEN');
    expect(pageAt(docs, '/docs').sections.map((section) => section.markdown)).toEqual(['Welcome.']);
  });

  test('an import shown in a code example makes no snippet; one written over several lines does', async () => {
    const { root, docs } = await site({
      'docs.json': `\uFEFF${config}`,
      'quickstart.mdx': '## Start\n\nText.',
      'shared.mdx': 'Shared text.',
      'guides/reuse.mdx': "import {\n  Shared,\n} from '/shared.mdx';\n\n## Reuse\n\n```mdx\nimport Quickstart from '/quickstart.mdx';\n\n<Quickstart />\n```",
    });
    roots.push(root);
    // The byte order mark Windows editors write does not hide docs.json.
    expect(docs.generator).toBe('mintlify');
    expect(docs.pages.map((candidate) => candidate.path)).toEqual(['/docs/guides/reuse', '/docs/quickstart']);
  });

  test('a hand-written API page (api: front matter) is no notice; only openapi: and asyncapi: pages are', async () => {
    const { root, docs } = await site({
      'docs.json': config,
      'endpoint.mdx': '---\ntitle: Create\napi: "POST https://api.acme.dev/v1/emails"\n---\n\n<ParamField body="to" type="string">\n  Recipient.\n</ParamField>',
      'generated.mdx': '---\ntitle: Send\nopenapi: "POST /emails"\n---\n',
    });
    roots.push(root);
    expect(docs.notices?.map((notice) => notice.pages)).toEqual([['/docs/generated']]);
  });
});
