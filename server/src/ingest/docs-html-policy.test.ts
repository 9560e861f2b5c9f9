import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/fixtures/server';
import { postAssistant, v2Body } from '../assistant/testing/assistant-clients';
import { readUIMessageAnswer } from '../assistant/testing/read-answer-streams';

// A page written by someone hostile (or careless): raw HTML with handlers, an HTML title, a
// javascript: link, next to links that must survive and code whose `<` must stay.
const hostilePage = `---
title: '<img src=x onerror=alert(1)>Webhook <b>setup</b>'
---

# Webhook setup

Configure the webhook signing secret before you deploy. <script>alert(2)</script>

<img src="x" onerror="alert(3)">

To rotate the webhook signing secret, click [here](javascript:alert(4)) or [there](data:text/html;base64,PHNjcmlwdD4=), then read [the rotation guide](/docs/rotation) and [the vendor docs](https://vendor.example.com/webhooks).

<div onclick="alert(5)"><p>The webhook signing secret is stored encrypted at rest.</p></div>

## Verify a <em>webhook</em> signature <iframe src="https://evil.example"></iframe>

Verify each webhook signature with this snippet:

\`\`\`html
<script>verifyWebhookSignature("<kept>")</script>
\`\`\`
`;

let docs: string;
let server: TestServer;
beforeAll(async () => {
  docs = mkdtempSync(path.join(tmpdir(), 'docent-hostile-docs-'));
  writeFileSync(path.join(docs, 'webhooks.md'), hostilePage);
  writeFileSync(path.join(docs, 'rotation.md'), '# Rotation\n\nRotate secrets every 90 days.\n');
  server = await startTestServer({
    config: { organizations: [{ id: 'acme', domains: [{ id: 'acme', docs, generator: 'gfm', pathPrefix: '/docs', assistantKeys: ['svc_dsc_acme'] }] }] },
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(docs, { recursive: true, force: true });
});

/** Asks over HTTP; returns the raw event stream and what an AI SDK client reads from it. */
async function ask(question: string) {
  const response = await postAssistant(server.url, v2Body(question), { domain: 'acme', key: 'svc_dsc_acme' });
  expect(response.status).toBe(200);
  const raw = await response.text();
  const answer = await readUIMessageAnswer(new Response(raw).body as ReadableStream<Uint8Array>);
  expect(answer.errors).toEqual([]);
  return { raw, answer };
}

/** Text outside fenced code blocks (code may show `<`, it is code). */
const prose = (markdown: string) => markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '');

describe('HTML and unsafe links from the docs never reach a client as markup', () => {
  test('answers and source titles carry no HTML and no javascript:/data: link; relative and http(s) links survive', async () => {
    const { raw, answer } = await ask('How do I rotate the webhook signing secret?');
    expect(answer.text).toContain('click here or there, then read [the rotation guide](/docs/rotation) and [the vendor docs](https://vendor.example.com/webhooks)');
    expect(answer.text).not.toContain('here)');
    for (const banned of ['<script', '<img', 'onerror', 'onclick', '<div', '<iframe', 'javascript:', 'data:text', 'alert(']) {
      expect(raw, banned).not.toContain(banned);
    }
    expect(prose(answer.text)).not.toMatch(/<[a-z/!]/i);
    expect(answer.sources.length).toBeGreaterThan(0);
    for (const source of answer.sources) expect(source.title ?? '', source.url).not.toMatch(/[<>]/);
    expect(answer.sources.find((source) => source.url.startsWith('/docs/webhooks'))?.title).toMatch(/^Webhook setup/);
  });

  test('code blocks keep their text, < and all; headings lose their tags', async () => {
    const { answer } = await ask('How do I verify a webhook signature? Show the snippet');
    expect(answer.text).toContain('```html\n<script>verifyWebhookSignature("<kept>")</script>\n```');
    expect(prose(answer.text)).not.toMatch(/<[a-z/!]/i);
    expect(answer.text).not.toContain('evil.example');
    const titles = answer.sources.map((source) => source.title ?? '');
    expect(titles.some((title) => title.includes('Verify a webhook signature'))).toBe(true);
    for (const title of titles) expect(title).not.toMatch(/[<>]/);
  });
});
