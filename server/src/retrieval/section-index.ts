import SearchableMap from 'minisearch/SearchableMap';

/** A term of a query, as {@link SectionIndex.search} scores it. */
export interface QueryTerm {
  term: string;
  /** The term's weight: every score it brings is multiplied by it. */
  weight: number;
  /** Whether the term also matches longer terms it begins ("authent" → authentication). */
  prefix: boolean;
  /** Largest share of the term's length that may differ in a near spelling ("webhok"), or `false`. */
  fuzzy: number | false;
}

/** How {@link SectionIndex.search} scores. */
export interface SectionSearchOptions {
  /** The fields searched, in this order. */
  fields: readonly number[];
  /** Each searched field's boost, by field number (1 when missing). */
  fieldBoosts: ReadonlyMap<number, number>;
  /** Weight of a longer term matched by prefix, at zero extra letters. */
  prefixWeight: number;
  /** Weight of a near spelling, at zero edits. */
  fuzzyWeight: number;
  /** Most edits of a near spelling. */
  maxFuzzy: number;
}

/** A section a search found, in the order {@link SectionIndex.search} yields them (best first). */
export interface SectionMatch {
  id: string;
  /**
   * The BM25+ score summed over the query's terms and fields, times how many of the query's
   * terms it matched (MiniSearch's score).
   */
  score: number;
  /**
   * The score with each matched query term counting by its weight instead of 1: a low-weight term
   * (from an earlier turn, a synonym, a "how do I use" word) cannot lift a section as much as a
   * word of the question. Never above `score` when weights are at most 1, so stopping early on
   * `score`'s order stays safe.
   */
  weightedScore: number;
}

/** BM25+ parameters: MiniSearch's defaults. */
const bm25 = { k: 1.2, b: 0.7, d: 0.5 };

/**
 * The sections' postings in flat typed arrays, searched by BM25+ exactly as MiniSearch 7 searches
 * its own index with an OR query (the same scores, bit for bit, and the same order; see
 * `indexed-section.test.ts`), at a fraction of the cost: MiniSearch makes an object per matching
 * section and term, merges them per term and sorts all of them, where this adds scores into
 * arrays and hands out the best sections one at a time, so a search that needs twenty of ten
 * thousand matches sorts none of the rest.
 *
 * Terms are kept in MiniSearch's own radix tree (`minisearch/SearchableMap`) for the prefix and
 * near-spelling lookups of words the docs do not contain.
 */
export class SectionIndex {
  readonly #ids: readonly string[];
  readonly #fieldCount: number;
  /** Each section's length in each field (distinct words), at `section * fieldCount + field`. */
  readonly #fieldLengths: Int32Array;
  readonly #averageFieldLengths: readonly number[];
  /** Term → its number. */
  readonly #terms: SearchableMap<number>;
  /** Where each term's postings of each field start in `#postingSections`, at `term * (fieldCount + 1) + field`. */
  readonly #fieldStarts: Int32Array;
  readonly #postingSections: Int32Array;
  readonly #postingCounts: Int32Array;
  // Scratch space of a search, reused (searches are synchronous).
  readonly #total: Float64Array;
  readonly #termScore: Float64Array;
  readonly #lastTerm: Int32Array;
  readonly #matched: Int32Array;
  readonly #weightSum: Float64Array;

  /**
   * @param ids section ids by section number
   * @param fieldLengths each section's field lengths, by section number
   * @param averageFieldLengths the average length of each field
   * @param terms each distinct term with its flat postings (field, section number, count), in the order the terms first occur
   */
  constructor(ids: readonly string[], fieldLengths: readonly (readonly number[])[], averageFieldLengths: readonly number[], terms: Iterable<[string, readonly number[]]>) {
    const fieldCount = averageFieldLengths.length;
    this.#ids = ids;
    this.#fieldCount = fieldCount;
    this.#averageFieldLengths = [...averageFieldLengths];
    this.#fieldLengths = new Int32Array(ids.length * fieldCount);
    fieldLengths.forEach((lengths, section) => lengths.forEach((length, field) => (this.#fieldLengths[section * fieldCount + field] = length)));

    const termList = [...terms];
    let postingCount = 0;
    for (const [, flat] of termList) postingCount += flat.length / 3;
    this.#terms = new SearchableMap<number>();
    this.#fieldStarts = new Int32Array(termList.length * (fieldCount + 1));
    this.#postingSections = new Int32Array(postingCount);
    this.#postingCounts = new Int32Array(postingCount);
    const perField = new Int32Array(fieldCount);
    let next = 0;
    termList.forEach(([term, flat], termNumber) => {
      this.#terms.set(term, termNumber);
      // Each field's postings together, in the order they were added (by section).
      perField.fill(0);
      for (let position = 0; position < flat.length; position += 3) {
        const field = flat[position] as number;
        perField[field] = (perField[field] as number) + 1;
      }
      const starts = termNumber * (fieldCount + 1);
      for (let field = 0; field < fieldCount; field++) {
        this.#fieldStarts[starts + field] = next;
        next += perField[field] as number;
      }
      this.#fieldStarts[starts + fieldCount] = next;
      perField.fill(0);
      for (let position = 0; position < flat.length; position += 3) {
        const field = flat[position] as number;
        const at = (this.#fieldStarts[starts + field] as number) + (perField[field] as number);
        perField[field] = (perField[field] as number) + 1;
        this.#postingSections[at] = flat[position + 1] as number;
        this.#postingCounts[at] = flat[position + 2] as number;
      }
    });

    this.#total = new Float64Array(ids.length);
    this.#termScore = new Float64Array(ids.length);
    this.#lastTerm = new Int32Array(ids.length).fill(-1);
    this.#matched = new Int32Array(ids.length);
    this.#weightSum = new Float64Array(ids.length);
  }

  /** How many sections the index holds. */
  get sectionCount(): number {
    return this.#ids.length;
  }

  /** The ids of the sections that contain a term (exactly, in any field), in index order. */
  sectionsContaining(term: string): string[] {
    const termNumber = this.#terms.get(term);
    if (termNumber === undefined) return [];
    const starts = termNumber * (this.#fieldCount + 1);
    const sections = new Set<number>();
    for (let posting = this.#fieldStarts[starts] as number; posting < (this.#fieldStarts[starts + this.#fieldCount] as number); posting++) {
      sections.add(this.#postingSections[posting] as number);
    }
    return [...sections].sort((left, right) => left - right).map((section) => this.#ids[section] as string);
  }

  /**
   * The sections that contain any of the query's terms, best first, lazily: stop iterating when
   * the rest cannot matter. Ties keep the order in which the sections were first matched. The
   * query's terms must be distinct, and so must `options.fields` (MiniSearch merges repeats; this
   * would count them twice).
   */
  *search(query: readonly QueryTerm[], options: SectionSearchOptions): Generator<SectionMatch> {
    const touched: number[] = [];
    let final: { scores: Float64Array; weighted: Float64Array } | undefined;
    // The scratch arrays are cleaned whatever happens: a section left marked would be missing
    // from every later search.
    try {
      query.forEach((queryTerm, queryNumber) => {
        const inThisTerm: number[] = [];
        for (const [termNumber, termWeight] of this.#derivedTerms(queryTerm, options)) {
          this.#score(termNumber, termWeight, queryTerm.weight, queryNumber, options, touched, inThisTerm);
        }
        for (const section of inThisTerm) this.#total[section] = (this.#total[section] as number) + (this.#termScore[section] as number);
      });
      final = this.#finalScores(touched);
    } finally {
      this.#reset(touched);
    }

    const { scores, weighted } = final;
    const heap = new MatchHeap(scores);
    for (let position = heap.pop(); position >= 0; position = heap.pop()) {
      yield { id: this.#ids[touched[position] as number] as string, score: scores[position] as number, weightedScore: weighted[position] as number };
    }
  }

  /** Each touched section's score (times its matched query terms) and weighted score. */
  #finalScores(touched: readonly number[]): { scores: Float64Array; weighted: Float64Array } {
    const scores = new Float64Array(touched.length);
    const weighted = new Float64Array(touched.length);
    touched.forEach((section, position) => {
      const matched = this.#matched[section] as number;
      const score = (this.#total[section] as number) * (matched || 1);
      scores[position] = score;
      weighted[position] = matched === 0 ? score : (score / matched) * (this.#weightSum[section] as number);
    });
    return { scores, weighted };
  }

  /** The index's terms a query term matches, each with its weight: itself, then by prefix, then near spellings. */
  #derivedTerms(queryTerm: QueryTerm, options: SectionSearchOptions): Array<[number, number]> {
    const derived: Array<[number, number]> = [];
    const exact = this.#terms.get(queryTerm.term);
    if (exact !== undefined) derived.push([exact, 1]);
    let fuzzyMatches: Map<string, [number, number]> | undefined;
    if (queryTerm.fuzzy !== false) {
      const fuzzy = queryTerm.fuzzy;
      const maxDistance = fuzzy < 1 ? Math.min(options.maxFuzzy, Math.round(queryTerm.term.length * fuzzy)) : fuzzy;
      if (maxDistance) fuzzyMatches = this.#terms.fuzzyGet(queryTerm.term, maxDistance);
    }
    if (queryTerm.prefix) {
      for (const [term, termNumber] of this.#terms.atPrefix(queryTerm.term)) {
        const distance = term.length - queryTerm.term.length;
        if (!distance) continue;
        fuzzyMatches?.delete(term);
        derived.push([termNumber, (options.prefixWeight * term.length) / (term.length + 0.3 * distance)]);
      }
    }
    for (const [term, [termNumber, distance]] of fuzzyMatches ?? []) {
      if (!distance) continue;
      derived.push([termNumber, (options.fuzzyWeight * term.length) / (term.length + distance)]);
    }
    return derived;
  }

  /** Adds one index term's BM25+ scores, in every searched field, to the query term's. */
  #score(termNumber: number, termWeight: number, termBoost: number, queryNumber: number, options: SectionSearchOptions, touched: number[], inThisTerm: number[]): void {
    const starts = termNumber * (this.#fieldCount + 1);
    const documentCount = this.#ids.length;
    for (const field of options.fields) {
      const start = this.#fieldStarts[starts + field] as number;
      const end = this.#fieldStarts[starts + field + 1] as number;
      if (start === end) continue;
      const fieldBoost = options.fieldBoosts.get(field) || 1;
      const matching = end - start;
      const averageLength = this.#averageFieldLengths[field] as number;
      const inverseFrequency = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
      for (let posting = start; posting < end; posting++) {
        const section = this.#postingSections[posting] as number;
        const frequency = this.#postingCounts[posting] as number;
        const length = this.#fieldLengths[section * this.#fieldCount + field] as number;
        const raw = inverseFrequency * (bm25.d + (frequency * (bm25.k + 1)) / (frequency + bm25.k * (1 - bm25.b + (bm25.b * length) / averageLength)));
        const score = termWeight * termBoost * fieldBoost * raw;
        if (this.#lastTerm[section] !== queryNumber) {
          if (this.#lastTerm[section] === -1) touched.push(section);
          this.#lastTerm[section] = queryNumber;
          this.#termScore[section] = score;
          this.#matched[section] = (this.#matched[section] as number) + 1;
          this.#weightSum[section] = (this.#weightSum[section] as number) + termBoost;
          inThisTerm.push(section);
        } else {
          this.#termScore[section] = (this.#termScore[section] as number) + score;
        }
      }
    }
  }

  #reset(touched: readonly number[]): void {
    for (const section of touched) {
      this.#total[section] = 0;
      this.#termScore[section] = 0;
      this.#lastTerm[section] = -1;
      this.#matched[section] = 0;
      this.#weightSum[section] = 0;
    }
  }
}

/**
 * Positions of scores, handed out best first (ties: lower position first), from a binary heap:
 * building it is linear, and each position handed out costs a logarithm of the count.
 */
class MatchHeap {
  readonly #scores: Float64Array;
  readonly #heap: Int32Array;
  #size: number;

  constructor(scores: Float64Array) {
    this.#scores = scores;
    this.#size = scores.length;
    this.#heap = new Int32Array(scores.length);
    for (let position = 0; position < scores.length; position++) this.#heap[position] = position;
    for (let node = (this.#size >> 1) - 1; node >= 0; node--) this.#siftDown(node);
  }

  /** The best remaining position, or -1 when none is left. */
  pop(): number {
    if (this.#size === 0) return -1;
    const best = this.#heap[0] as number;
    this.#size -= 1;
    this.#heap[0] = this.#heap[this.#size] as number;
    this.#siftDown(0);
    return best;
  }

  #before(left: number, right: number): boolean {
    const leftScore = this.#scores[left] as number;
    const rightScore = this.#scores[right] as number;
    return leftScore > rightScore || (leftScore === rightScore && left < right);
  }

  #siftDown(start: number): void {
    const heap = this.#heap;
    let node = start;
    for (;;) {
      const left = 2 * node + 1;
      if (left >= this.#size) return;
      const right = left + 1;
      let child = left;
      if (right < this.#size && this.#before(heap[right] as number, heap[left] as number)) child = right;
      if (!this.#before(heap[child] as number, heap[node] as number)) return;
      const swap = heap[node] as number;
      heap[node] = heap[child] as number;
      heap[child] = swap;
      node = child;
    }
  }
}
