import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ingestDocs } from '../ingest-docs';

describe('plain GFM alerts', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'docent-gfm-'));
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  test('> [!NOTE] and the other GitHub alerts read as their content; quotes GitHub shows as quotes stay quotes', async () => {
    const source = [
      '## Alerts',
      '',
      '> [!NOTE]',
      '> Useful information.',
      '',
      '> [!caution]  ',
      '> A hard break after the marker.',
      '',
      '> [!IMPORTANT]',
      '> Read this:',
      '>',
      '> - one',
      '> - two',
      '',
      '> [!NOTE] Text after the marker makes no alert.',
      '',
      '> [!DANGER]',
      '> Not a GitHub type.',
      '',
      '- In a list:',
      '',
      '  > [!TIP]',
      '  > No alert inside a list.',
      '',
    ].join('\n');
    await writeFile(path.join(folder, 'index.md'), source);
    const docs = await ingestDocs({ docs: folder, generator: 'gfm' });
    expect(docs.pages[0]?.sections.map((section) => section.markdown)).toEqual([
      'Useful information.\n\nA hard break after the marker.\n\nRead this:\n\n- one\n- two\n\n' +
        '> [!NOTE] Text after the marker makes no alert.\n\n> [!DANGER]\n> Not a GitHub type.\n\n- In a list:\n\n  > [!TIP]\n  > No alert inside a list.',
    ]);
  });
});

describe('content of components', () => {
  test("an indented block hoisted out of a component loses the component's indentation, so its code fence still closes", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'docent-gfm-'));
    try {
      const source = ['## Install', '', '<Tabs>', '  <Tab title="npm">', '    Run this:', '', '    ```bash', '    npm install acme', '    ```', '', '    Then restart.', '  </Tab>', '</Tabs>', ''].join('\n');
      await writeFile(path.join(folder, 'setup.mdx'), source);
      const docs = await ingestDocs({ docs: folder, generator: 'gfm' });
      expect(docs.pages[0]?.sections[0]?.markdown).toBe('**npm**\n\nRun this:\n\n```bash\nnpm install acme\n```\n\nThen restart.');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
