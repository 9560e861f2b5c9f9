// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultLabels } from '../core/labels.js';
import { decodeEntities } from './html-entities.js';
import { Markdown } from './Markdown.js';

// Counts how much text gets rendered: every text token passes through decodeEntities.
vi.mock('./html-entities.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./html-entities.js')>();
  return { decodeEntities: vi.fn(original.decodeEntities) };
});

afterEach(cleanup);

function renderMarkdown(text: string, streaming = false) {
  return render(<Markdown text={text} streaming={streaming} labels={defaultLabels} />);
}

describe('Markdown', () => {
  it('renders headings, emphasis, lists, task lists, quotes and inline code', () => {
    const { container } = renderMarkdown(
      '# Title\n\nSome *em*, **strong**, ~~gone~~ and `npm i`.\n\n1. first\n2. second\n\n- [x] done\n- [ ] todo\n\n> quoted\n\n---',
    );
    expect(screen.getByRole('heading', { name: 'Title' }).tagName).toBe('H3');
    expect(container.querySelector('em')?.textContent).toBe('em');
    expect(container.querySelector('strong')?.textContent).toBe('strong');
    expect(container.querySelector('del')?.textContent).toBe('gone');
    expect(container.querySelector('p code')?.textContent).toBe('npm i');
    expect([...container.querySelectorAll('ol li')].map((item) => item.textContent)).toEqual(['first', 'second']);
    expect([...container.querySelectorAll('ul li')].map((item) => item.textContent)).toEqual(['☑ done', '☐ todo']);
    expect(container.querySelector('blockquote')?.textContent).toBe('quoted');
    expect(container.querySelector('hr')).not.toBeNull();
  });

  it('keeps safe links, marks external ones, and shows unsafe ones as plain text', () => {
    renderMarkdown(
      'See [install](/docs/install#npm), [site](https://example.com), [bad](javascript:alert(1)) and [data](data:text/html,x).',
    );
    const internal = screen.getByRole('link', { name: 'install' });
    expect(internal.getAttribute('href')).toBe('/docs/install#npm');
    expect(internal.getAttribute('target')).toBeNull();
    const external = screen.getByRole('link', { name: 'site' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'data' })).toBeNull();
    expect(screen.getByText('bad')).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('opens an absolute link to the site it is on in place, and follows it through the page', () => {
    const page = `${location.origin}/docs/theming`;
    renderMarkdown(`See [theming](${page}) and [elsewhere](https://other.example/docs).`);
    const sameSite = screen.getByRole('link', { name: 'theming' });
    expect(sameSite.getAttribute('target')).toBeNull();
    expect(screen.getByRole('link', { name: 'elsewhere' }).getAttribute('target')).toBe('_blank');
    const followed: string[] = [];
    const record = (event: Event) => {
      const link = event.target as HTMLAnchorElement;
      if (link !== sameSite) {
        followed.push(link.href);
        event.preventDefault();
      }
    };
    addEventListener('click', record);
    try {
      fireEvent.click(sameSite);
    } finally {
      removeEventListener('click', record);
    }
    expect(followed).toEqual([page]);
  });

  it('shows raw HTML as text and never creates elements from it', () => {
    const { container } = renderMarkdown('<script>alert(1)</script>\n\nInline <img src=x onerror=alert(1)> and <b>bold</b> &amp; more.');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('Inline <img src=x onerror=alert(1)> and <b>bold</b> & more.');
  });

  it('renders images as links to them, not as images', () => {
    const { container } = renderMarkdown('![diagram](https://example.com/d.png) ![x](javascript:alert(1))');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'diagram' }).getAttribute('href')).toBe('https://example.com/d.png');
    expect(container.textContent).toContain('x');
  });

  it('renders tables with header cells and alignment', () => {
    renderMarkdown('| Option | Default |\n|:--|--:|\n| `theme` | auto |\n| radius | 12px |');
    const table = screen.getByRole('table');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Option', 'Default']);
    const cells = screen.getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['theme', 'auto', 'radius', '12px']);
    expect((cells[1] as HTMLElement).style.textAlign).toBe('right');
    expect(table.querySelector('td code')?.textContent).toBe('theme');
  });

  it('highlights finished code blocks and offers a Copy button', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { container } = renderMarkdown('```ts\nconst answer: number = 42;\n```');
    expect(container.querySelector('.docent-code-language')?.textContent).toBe('ts');
    expect(container.querySelector('code .token.keyword')?.textContent).toBe('const');
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith('const answer: number = 42;');
  });

  it('does not highlight a code block that is still streaming, then does once it closes', () => {
    const { container, rerender } = renderMarkdown('```js\nconst a = 1;\n', true);
    expect(container.querySelector('code')?.textContent).toBe('const a = 1;');
    expect(container.querySelector('code .token.keyword')).toBeNull();
    rerender(<Markdown text={'```js\nconst a = 1;\n```'} streaming labels={defaultLabels} />);
    expect(container.querySelector('code .token.keyword')?.textContent).toBe('const');
  });

  it('keeps the DOM of finished blocks while more text streams in', () => {
    const { container, rerender } = renderMarkdown('# Title\n\nFirst paragraph.\n\nSecond', true);
    const heading = container.querySelector('h3');
    const first = container.querySelectorAll('p')[0];
    const firstText = first?.firstChild;
    rerender(<Markdown text={'# Title\n\nFirst paragraph.\n\nSecond paragraph grows'} streaming labels={defaultLabels} />);
    rerender(<Markdown text={'# Title\n\nFirst paragraph.\n\nSecond paragraph grows.\n\n- and a list'} streaming labels={defaultLabels} />);
    expect(container.querySelector('h3')).toBe(heading);
    expect(container.querySelectorAll('p')[0]).toBe(first);
    expect(container.querySelectorAll('p')[0]?.firstChild).toBe(firstText);
    expect(container.querySelectorAll('p')[1]?.textContent).toBe('Second paragraph grows.');
    expect(container.querySelector('li')?.textContent).toBe('and a list');
  });

  it('renders only the last block again as an answer grows', () => {
    const paragraphs = Array.from({ length: 50 }, (_, index) => `Paragraph ${index} of the answer.`).join('\n\n');
    const { rerender } = renderMarkdown(`${paragraphs}\n\nThe last one`, true);
    const rendered = vi.mocked(decodeEntities);
    rendered.mockClear();
    rerender(<Markdown text={`${paragraphs}\n\nThe last one grows`} streaming labels={defaultLabels} />);
    expect(rendered.mock.calls.map(([text]) => text)).toEqual(['The last one grows']);
  });
});
