import MiniSearch from 'minisearch';
import type { Options, SearchOptions } from 'minisearch';
import { expect, test } from 'vitest';
import type { IndexedSection } from './indexed-section';
import { indexedFields, SectionIndexBuilder } from './indexed-section';
import type { QueryTerm, SectionSearchOptions } from './section-index';
import { processTerm, textTerms, tokenizeText } from './search-terms';

const sections: IndexedSection[] = [
  { id: '/docs/a', title: 'Getting started', heading: '', trail: '', text: 'Install the widget. Install it twice: `npm i docent`.', code: 'npm i docent' },
  { id: '/docs/a#theme', title: '', heading: 'Theme the widget', trail: 'Getting started', text: 'Set `data-theme` or the --docent-accent colour. The theme follows the page.', code: '' },
  { id: '/docs/b', title: 'Server', heading: '', trail: '', text: 'Run `docentServer` with retrievalPageSize 5; c.req.param reads 42 params.', code: 'const x = c.req.param("id")' },
  { id: '/docs/b#keys', title: '', heading: 'Assistant keys', trail: 'Server', text: '', code: 'svc_dsc_demo svc_dsc_demo' },
  { id: '/docs/c', title: 'Theming', heading: '', trail: '', text: 'Themes, theme tokens and the widget theme. Installing a theme package installs its tokens.', code: 'docent theme install' },
  { id: '/docs/c#install', title: '', heading: 'Install a theme', trail: 'Theming', text: 'npm install a theme, then set data-theme.', code: 'npm install @docent/theme-teal' },
];

// How MiniSearch itself would index and search the same sections.
const miniSearchOptions: Options<IndexedSection> = { fields: [...indexedFields], tokenize: tokenizeText, processTerm, searchOptions: { processTerm } };
const boosts = { heading: 1.5, title: 1.5, trail: 1.2, text: 1, code: 1 };

test('a search scores and orders sections exactly as MiniSearch does with the same index and query', () => {
  const miniSearch = new MiniSearch<IndexedSection>(miniSearchOptions);
  miniSearch.addAll(sections);
  const builder = new SectionIndexBuilder();
  for (const section of sections) builder.add(section);
  const index = builder.build();
  const known = builder.documentFrequencies();

  const queries: Array<Array<[string, number]>> = [
    [['instal', 1], ['widget', 1]],
    [['them', 1], ['token', 0.5]],
    [['docent', 1]],
    [['c.req.param', 1], ['param', 1], ['reads', 0.2]],
    [['retrieval', 1], ['pag', 0.3], ['siz', 0.3]],
    [['demo', 1], ['svc_dsc_demo', 1]],
    [['packa', 1], ['wigdet', 1], ['colur', 1]],
    [['nothing', 1]],
  ];
  for (const fields of [indexedFields, ['heading', 'title', 'trail'] as const]) {
    for (const weights of queries) {
      const weightOf = new Map(weights);
      const derived = (term: string) => !known.has(term);
      const expected = miniSearch.search(weights.map(([term]) => term).join(' '), {
        fields: [...fields],
        boost: boosts,
        tokenize: (text) => text.split(' '),
        processTerm: (term) => term,
        prefix: (term) => term.length >= 4 && derived(term),
        fuzzy: (term) => (term.length >= 5 && derived(term) ? 0.2 : false),
        maxFuzzy: 2,
        weights: { prefix: 0.4, fuzzy: 0.3 },
        boostTerm: (term) => weightOf.get(term) ?? 1,
      } satisfies SearchOptions);
      const query: QueryTerm[] = weights.map(([term, weight]) => ({ term, weight, prefix: term.length >= 4 && derived(term), fuzzy: term.length >= 5 && derived(term) ? 0.2 : false }));
      const options: SectionSearchOptions = {
        fields: fields.map((field) => indexedFields.indexOf(field)),
        fieldBoosts: new Map(indexedFields.map((field, number) => [number, boosts[field]])),
        prefixWeight: 0.4,
        fuzzyWeight: 0.3,
        maxFuzzy: 2,
      };
      const found = [...index.search(query, options)];

      expect(found.map((match) => match.id)).toEqual(expected.map((result) => result.id));
      expect(found.map((match) => match.score)).toEqual(expected.map((result) => result.score));
      // Each matched term counts by its weight: the library's score over its term count, times their weights.
      const weighted = expected.map((result) => (result.score / result.queryTerms.length) * result.queryTerms.reduce((sum, term) => sum + (weightOf.get(term) ?? 1), 0));
      expect(found.map((match) => match.weightedScore)).toEqual(weighted);
    }
  }
});

test('a search hands out its matches lazily, best first, ties in the order they were first matched', () => {
  const builder = new SectionIndexBuilder();
  for (const id of ['/one', '/two', '/three']) builder.add({ id, title: '', heading: '', trail: '', text: 'quick brown fox', code: '' });
  builder.add({ id: '/best', title: 'fox', heading: 'fox', trail: '', text: 'quick fox', code: '' });
  const search = builder.build().search([{ term: 'fox', weight: 1, prefix: false, fuzzy: false }], {
    fields: [0, 1, 2, 3, 4],
    fieldBoosts: new Map(),
    prefixWeight: 0.4,
    fuzzyWeight: 0.3,
    maxFuzzy: 2,
  });

  expect(search.next().value?.id).toBe('/best');
  expect([...search].map((match) => match.id)).toEqual(['/one', '/two', '/three']);
});

test('a search that fails part way leaves the index as it was', () => {
  const builder = new SectionIndexBuilder();
  for (const section of sections) builder.add(section);
  const index = builder.build();
  const options: SectionSearchOptions = { fields: [0, 1, 2, 3, 4], fieldBoosts: new Map(), prefixWeight: 0.4, fuzzyWeight: 0.3, maxFuzzy: 2 };
  const query: QueryTerm[] = [{ term: 'widget', weight: 1, prefix: false, fuzzy: false }];
  const before = [...index.search(query, options)];
  // A term that is not a string makes the lookup throw after 'widget' has marked its sections.
  const broken: QueryTerm[] = [...query, { term: undefined as unknown as string, weight: 1, prefix: true, fuzzy: false }];

  expect(() => [...index.search(broken, options)]).toThrow();
  expect([...index.search(query, options)]).toEqual(before);
  expect(before.length).toBeGreaterThan(1);
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
  expect(builder.documentFrequencies().get('docent')).toBe(5);
  expect(builder.documentFrequencies().get('demo')).toBe(1);
});
