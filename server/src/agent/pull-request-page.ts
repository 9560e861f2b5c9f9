import type { LocalPullRequest } from './code-host';

/**
 * Content-Security-Policy for the page: no scripts, no external anything, only its own inline
 * styles. Even if escaping were ever missed, an injected script could not run.
 */
export const pullRequestPageContentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

/** The CSS class of one diff line, from its first character. */
function diffLineClass(line: string): string {
  if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('diff ') || line.startsWith('index ')) {
    return 'meta';
  }
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'added';
  if (line.startsWith('-')) return 'removed';
  return 'context';
}

function renderDiff(diff: string): string {
  const lines = diff.replace(/\n$/, '').split('\n');
  return lines.map((line) => `<span class="${diffLineClass(line)}">${escapeHtml(line)}</span>`).join('\n');
}

/**
 * The pull request page served at `prLink`: title, branch into base, the agent's description
 * and the diff. Every piece of text is escaped, since titles, file names and diffs come from
 * the model and the repository.
 */
export function renderPullRequestPage(pullRequest: LocalPullRequest): string {
  const title = `${pullRequest.title} · #${pullRequest.number}`;
  const files = pullRequest.files.map((file) => `<li><code>${escapeHtml(file)}</code></li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
  h1 { font-size: 1.6rem; margin-bottom: 0.25rem; }
  .branches code { background: #ddf4ff; padding: 0.1rem 0.35rem; border-radius: 0.3rem; }
  .body { white-space: pre-wrap; border: 1px solid #d0d7de; border-radius: 0.4rem; padding: 0.75rem 1rem; }
  pre { border: 1px solid #d0d7de; border-radius: 0.4rem; overflow-x: auto; padding: 0.5rem 0; font-size: 13px; }
  pre span { display: block; padding: 0 1rem; white-space: pre; }
  .added { background: #e6ffec; } .removed { background: #ffebe9; }
  .hunk { background: #ddf4ff; color: #57606a; } .meta { color: #57606a; font-weight: 600; }
  @media (prefers-color-scheme: dark) {
    body { background: #0d1117; color: #e6edf3; }
    .branches code, .hunk { background: #1f3a5f; } .added { background: #12361f; } .removed { background: #4a1c1c; }
    .body, pre { border-color: #30363d; }
  }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(pullRequest.title)} <span>#${pullRequest.number}</span></h1>
<p class="branches">Open: wants to merge <code>${escapeHtml(pullRequest.branch)}</code> into <code>${escapeHtml(pullRequest.baseRef)}</code> (project <code>${escapeHtml(pullRequest.projectId)}</code>, job <code>${escapeHtml(pullRequest.jobId)}</code>)</p>
<h2>Description</h2>
<div class="body">${escapeHtml(pullRequest.body)}</div>
<h2>Files changed (${pullRequest.files.length})</h2>
<ul>${files}</ul>
<h2>Diff</h2>
<pre aria-label="Diff">${renderDiff(pullRequest.diff)}</pre>
</main>
</body>
</html>
`;
}
