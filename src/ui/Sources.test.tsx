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

  it('opens pages of this site in place, absolute or not, and other sites in a new tab with the icon', () => {
    render(
      <Sources
        heading="Sources"
        onSourceClick={() => {}}
        sources={[
          { url: `${location.origin}/docs/retries`, title: 'Retries' },
          { url: 'https://elsewhere.example/guide', title: 'Guide' },
        ]}
      />,
    );
    const [same, other] = screen.getAllByRole('link');
    expect(same?.getAttribute('target')).toBeNull();
    expect(same?.querySelectorAll('svg')).toHaveLength(1);
    expect(other?.getAttribute('target')).toBe('_blank');
    expect(other?.querySelectorAll('svg')).toHaveLength(2);
  });

  it('hands a plain click on a same-site source to a router listening on the page, and leaves modified clicks to the browser', () => {
    const onSourceClick = vi.fn();
    render(<Sources heading="Sources" onSourceClick={onSourceClick} sources={[{ url: '/docs/retries#backoff', title: 'Retries' }]} />);
    // A router in the style of VitePress: one click listener on window for every link of the page.
    const routed: string[] = [];
    const router = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (link === null || event.defaultPrevented || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      routed.push(new URL(link.href).pathname + new URL(link.href).hash);
    };
    window.addEventListener('click', router);
    try {
      const link = screen.getByRole('link');
      expect(fireEvent.click(link)).toBe(false);
      expect(routed).toEqual(['/docs/retries#backoff']);
      // Seen at the end of the click's way; its default is then prevented so happy-dom opens nothing.
      let modifiedClickPrevented: boolean | undefined;
      const browser = (event: MouseEvent) => {
        modifiedClickPrevented = event.defaultPrevented;
        event.preventDefault();
      };
      window.addEventListener('click', browser, { once: true });
      fireEvent.click(link, { ctrlKey: true });
      expect(modifiedClickPrevented).toBe(false);
      expect(routed).toHaveLength(1);
      expect(onSourceClick).toHaveBeenCalledTimes(2);
      expect(document.querySelectorAll('a')).toHaveLength(1);
    } finally {
      window.removeEventListener('click', router);
    }
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
