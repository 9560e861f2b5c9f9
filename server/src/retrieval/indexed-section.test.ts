import MiniSearch from 'minisearch';
import { expect, test } from 'vitest';
import type { IndexedSection } from './indexed-section';
import { indexedFields, SectionIndexBuilder, sectionIndexOptions } from './indexed-section';
import { textTerms } from './search-terms';

const sections: IndexedSection[] = [
  { id: '/docs/a', title: 'Getting started', heading: '', trail: '', text: 'Install the widget. Install it twice: `npm i docent`.', code: 'npm i docent' },
  { id: '/docs/a#theme', title: '', heading: 'Theme the widget', trail: 'Getting started', text: 'Set `data-theme` or the --docent-accent colour. The theme follows the page.', code: '' },
  { id: '/docs/b', title: 'Server', heading: '', trail: '', text: 'Run `docentServer` with retrievalPageSize 5; c.req.param reads 42 params.', code: 'const x = c.req.param("id")' },
  { id: '/docs/b#keys', title: '', heading: 'Assistant keys', trail: 'Server', text: '', code: 'svc_dsc_demo svc_dsc_demo' },
];

test('the built index is the one MiniSearch makes by adding the sections one by one', () => {
  const added = new MiniSearch<IndexedSection>(sectionIndexOptions);
  added.addAll(sections);
  const builder = new SectionIndexBuilder();
  for (const section of sections) builder.add(section);
  const built = builder.build();

  expect(JSON.stringify(built)).toBe(JSON.stringify(added));
  for (const query of ['install widget', 'theme', 'docent', 'param', 'retrieval page size', 'demo', 'instal', 'wigdet']) {
    const options = { prefix: true, fuzzy: 0.2, boost: { heading: 1.5 } };
    expect(built.search(query, options)).toEqual(added.search(query, options));
  }
});

test('add gives the distinct terms of a section, as the search terms of its fields', () => {
  const section = sections[2] as IndexedSection;
  const terms = new SectionIndexBuilder().add(section);
  expect(terms).toEqual([...new Set(indexedFields.flatMap((field) => textTerms(section[field])))]);
  expect(terms).toContain('c.req.param');
  expect(terms).toContain('retrieval');
});

test('documentFrequencies counts the sections each term occurs in', () => {
  const builder = new SectionIndexBuilder();
  const expected = new Map<string, number>();
  for (const section of sections) for (const term of builder.add(section)) expected.set(term, (expected.get(term) ?? 0) + 1);
  expect([...builder.documentFrequencies()]).toEqual([...expected]);
  expect(builder.documentFrequencies().get('docent')).toBe(3);
  expect(builder.documentFrequencies().get('demo')).toBe(1);
});
