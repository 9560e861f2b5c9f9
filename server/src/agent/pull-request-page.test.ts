import { describe, expect, it } from 'vitest';
import { escapeHtml, renderPullRequestPage } from './pull-request-page';

describe('pull request page', () => {
  it('escapes every piece of text that comes from the model or the repository', () => {
    const hostile = '<img src=x onerror="alert(1)">';
    const page = renderPullRequestPage({
      projectId: 'docs',
      number: 3,
      accessKey: 'q1w2e3r4t5y6u7i8o9p0aa',
      jobId: 'job-1',
      branch: `docent/${hostile}`,
      baseRef: 'main',
      title: `Title ${hostile}`,
      body: `Body ${hostile}\nsecond line`,
      files: [`docs/${hostile}.md`],
      diff: `diff --git a/x b/x\n@@ -1 +1 @@\n-old ${hostile}\n+new </pre><script>alert(2)</script>\n`,
      createdAt: 0,
      updatedAt: 0,
    });
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<script');
    expect(page).not.toContain('</pre><');
    expect(page).toContain(escapeHtml(hostile));
    expect(page).toContain('<span class="removed">-old &lt;img src=x onerror=&quot;alert(1)&quot;&gt;</span>');
    expect(page).toContain('<span class="added">+new &lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;</span>');
    expect(page).toContain('<span class="hunk">@@ -1 +1 @@</span>');
    expect(page).toContain('<h2>Files changed (1)</h2>');
  });
});
