// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { codeText } from './code-text.js';

const code = 'npm install docent\n\nnpx docent serve --port 4173';

/** Parses `html` and returns its first `<pre>`. */
function block(html: string): Element {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container.querySelector('pre')!;
}

describe('codeText reads the code as the page shows it', () => {
  it('from plain text and from Shiki’s span-per-line markup (VitePress)', () => {
    expect(codeText(block(`<pre><code>${code}\n</code></pre>`))).toBe(code);
    expect(
      codeText(
        block(
          '<pre class="shiki"><code><span class="line"><span>npm install docent</span></span>\n<span class="line"></span>\n<span class="line"><span>npx docent serve --port 4173</span></span></code></pre>',
        ),
      ),
    ).toBe(code);
  });

  it('from Docusaurus’ div.token-line per line, each ending in <br>, with CSS line numbers', () => {
    const line = (text: string) =>
      `<div class="token-line"><span class="codeLineNumber"></span><span class="codeLineContent"><span class="token plain">${text}</span></span><br></div>`;
    expect(codeText(block(`<pre class="prism-code"><code>${code.split('\n').map(line).join('')}</code></pre>`))).toBe(code);
  });

  it('from Expressive Code’s div.ec-line with its line-number gutter (Starlight)', () => {
    const line = (text: string, number: number) =>
      `<div class="ec-line"><div class="gutter"><div class="ln" aria-hidden="true">${number}</div></div><div class="code">${text === '' ? '\n' : `<span>${text}</span>`}</div></div>`;
    expect(codeText(block(`<pre data-language="sh"><code>${code.split('\n').map((text, index) => line(text, index + 1)).join('')}</code></pre>`))).toBe(code);
  });

  it('without the copy button MkDocs Material puts inside <pre>', () => {
    expect(codeText(block(`<pre><span></span><button class="md-clipboard md-icon" title="Copy to clipboard">Copy</button><code>${code}\n</code></pre>`))).toBe(code);
  });
});
