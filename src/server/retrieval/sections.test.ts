import { describe, expect, test } from 'vitest';
import type { DocPage } from './docs-folder';
import { splitIntoSections } from './sections';

function page(markdown: string, fields: Partial<DocPage> = {}): DocPage {
  return { path: '/docs/theming', sourceFile: '/docs/theming.md', title: 'Theming', groups: [], markdown, ...fields };
}

describe('splitIntoSections', () => {
  test('splits at #, ## and ### with GitHub anchors, keeping deeper headings inside their section', () => {
    const sections = splitIntoSections(
      page('# Theming\n\nColours follow the host.\n\n## Dark mode\n\nSet `theme`.\n\n#### Example\n\nDetails.\n\n### The `accent` option!\n\nAny CSS colour.\n'),
    );

    expect(sections.map(({ heading, anchor, url }) => ({ heading, anchor, url }))).toEqual([
      { heading: 'Theming', anchor: 'theming', url: '/docs/theming#theming' },
      { heading: 'Dark mode', anchor: 'dark-mode', url: '/docs/theming#dark-mode' },
      { heading: 'The accent option!', anchor: 'the-accent-option', url: '/docs/theming#the-accent-option' },
    ]);
    expect(sections[1]?.markdown).toBe('Set `theme`.\n\n#### Example\n\nDetails.');
    expect(sections[2]?.headingTrail).toEqual(['Theming', 'Dark mode']);
  });

  test('keeps code fences whole: a # line inside a fence is code, not a heading', () => {
    const markdown = '## Install\n\nRun:\n\n```bash\n# install the package\nnpm install docent\n\n# and start it\nnpm start\n```\n\nDone.\n';

    const sections = splitIntoSections(page(markdown));

    expect(sections).toHaveLength(1);
    expect(sections[0]?.markdown).toBe('Run:\n\n```bash\n# install the package\nnpm install docent\n\n# and start it\nnpm start\n```\n\nDone.');
  });

  test('a tilde fence and an unclosed fence are code too', () => {
    const sections = splitIntoSections(page('## One\n\n~~~\n# comment\n~~~\n\n## Two\n\n```\n# still code\n## to the end'));

    expect(sections.map((section) => section.heading)).toEqual(['One', 'Two']);
    expect(sections[1]?.markdown).toContain('## to the end');
  });

  test('the intro before the first heading links to the page itself, headed by the page title', () => {
    const sections = splitIntoSections(page('Docent follows the host page.\n\n## Dark mode\n\nText.\n'));

    expect(sections[0]).toMatchObject({ id: '/docs/theming', heading: 'Theming', url: '/docs/theming', markdown: 'Docent follows the host page.' });
    expect(sections[0]?.anchor).toBeUndefined();
  });

  test('a repeated heading gets -1, -2, counted over every heading of the page as the renderer does', () => {
    const sections = splitIntoSections(
      page('## Example\n\nA.\n\n#### Example\n\nB.\n\n## Example\n\nC.\n\n## Empty\n\n## Example\n\nD.\n'),
    );

    // The #### heading took "example-1"; "Empty" has no body but still took its slug.
    expect(sections.map((section) => section.anchor)).toEqual(['example', 'example-2', 'example-3']);
    expect(sections.map((section) => section.id)).toEqual(['/docs/theming#example', '/docs/theming#example-2', '/docs/theming#example-3']);
  });

  test('headings written with links and emphasis use their visible text', () => {
    const [section] = splitIntoSections(page('## The [`data-*`](./options.md) **attributes**\n\nText.\n'));

    expect(section).toMatchObject({ heading: 'The data-* attributes', anchor: 'the-data--attributes' });
  });

  test('puts the siteUrl in front of every URL, and copies the page front matter onto each section', () => {
    const sections = splitIntoSections(page('Intro.\n\n## Dark mode\n\nText.\n', { version: 'v2', language: 'en', groups: ['admins'] }), {
      siteUrl: 'https://docs.example.com/',
    });

    expect(sections.map((section) => section.url)).toEqual(['https://docs.example.com/docs/theming', 'https://docs.example.com/docs/theming#dark-mode']);
    expect(sections[1]).toMatchObject({ pagePath: '/docs/theming', pageTitle: 'Theming', version: 'v2', language: 'en', groups: ['admins'] });
  });

  test('an empty page has no sections', () => {
    expect(splitIntoSections(page('\n\n'))).toEqual([]);
  });
});
