// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Sources, sourceTitle } from './Sources.js';

afterEach(cleanup);

describe('Sources', () => {
  it('lists each source once, as safe links, and reports clicks', () => {
    const onSourceClick = vi.fn();
    render(
      <Sources
        heading="Sources"
        onSourceClick={onSourceClick}
        sources={[
          { url: '/docs/install#npm', title: 'Install' },
          { url: '/docs/install#npm', title: 'Install (again)' },
          { url: 'https://example.com/guide', title: 'Guide' },
          { url: 'javascript:alert(1)', title: 'Evil' },
        ]}
      />,
    );
    expect(screen.getByRole('group', { name: 'Sources' })).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Install', 'Guide']);
    expect(links[0]?.getAttribute('target')).toBeNull();
    expect(links[1]?.getAttribute('target')).toBe('_blank');
    expect(links[1]?.getAttribute('rel')).toBe('noopener noreferrer');
    links[0]?.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(links[0]!);
    expect(onSourceClick).toHaveBeenCalledWith({ url: '/docs/install#npm', title: 'Install' });
  });

  it('renders nothing without sources', () => {
    const { container } = render(<Sources heading="Sources" onSourceClick={() => {}} sources={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('titles a source from its URL when the service gave no title', () => {
    expect(sourceTitle('/docs/getting-started#install-with-npm')).toBe('getting started › install with npm');
    expect(sourceTitle('/docs/theming/')).toBe('theming');
  });
});
