/** A section id with its cosine similarity to the query, from -1 to 1. */
export interface DenseHit {
  id: string;
  similarity: number;
}

/**
 * The sections' embedding vectors, searched by cosine similarity. A plain scan: a dot product per
 * section is a few milliseconds for thousands of sections, and needs no approximate index to tune.
 *
 * @example
 * const dense = new EmbeddingIndex([['/docs/theming#accent', vector]]);
 * dense.nearest(queryVector, { limit: 50 });
 */
export class EmbeddingIndex {
  /** Length of every vector in the index (0 when it is empty). */
  readonly dimensions: number;
  readonly #ids: string[] = [];
  readonly #vectors: Float32Array[] = [];
  /** 1 / |vector|, so a similarity costs one dot product. */
  readonly #inverseNorms: number[] = [];

  /**
   * @param entries Section id and vector pairs; the vectors are kept by reference (not copied).
   * @throws Error when the vectors are not all of one length.
   */
  constructor(entries: Iterable<readonly [id: string, vector: Float32Array]>) {
    let dimensions = 0;
    for (const [id, vector] of entries) {
      if (dimensions === 0) dimensions = vector.length;
      if (vector.length !== dimensions) throw new Error(`embedding of ${id} has ${vector.length} dimensions, the others ${dimensions}`);
      const norm = Math.sqrt(dot(vector, vector));
      // A zero vector is similar to nothing; keeping it with weight 0 keeps ids and vectors aligned.
      this.#ids.push(id);
      this.#vectors.push(vector);
      this.#inverseNorms.push(norm === 0 ? 0 : 1 / norm);
    }
    this.dimensions = dimensions;
  }

  /** How many sections have a vector. */
  get size(): number {
    return this.#ids.length;
  }

  /**
   * The sections most similar to the query vector, most similar first, at most `limit`, only
   * those `accept` lets through. Sections with a similarity of 0 or less are left out.
   *
   * @throws Error when the query vector's length differs from the index's (another model answered).
   */
  nearest(query: Float32Array, options: { limit: number; accept?: (id: string) => boolean }): DenseHit[] {
    if (this.size === 0 || !(options.limit > 0)) return [];
    if (query.length !== this.dimensions) {
      throw new Error(`the query embedding has ${query.length} dimensions but the sections' have ${this.dimensions}: was the model changed?`);
    }
    const queryNorm = Math.sqrt(dot(query, query));
    if (queryNorm === 0) return [];
    const limit = Math.floor(options.limit);
    const hits: DenseHit[] = [];
    for (let position = 0; position < this.#ids.length; position += 1) {
      const similarity = (dot(query, this.#vectors[position] as Float32Array) * (this.#inverseNorms[position] ?? 0)) / queryNorm;
      if (similarity <= 0 || (hits.length === limit && similarity <= (hits.at(-1)?.similarity ?? 0))) continue;
      const id = this.#ids[position] as string;
      if (options.accept !== undefined && !options.accept(id)) continue;
      insertSorted(hits, { id, similarity }, limit);
    }
    return hits;
  }
}

function dot(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let position = 0; position < left.length; position += 1) sum += (left[position] as number) * (right[position] as number);
  return sum;
}

// Keeps `hits` sorted by similarity, best first, and at most `limit` long.
function insertSorted(hits: DenseHit[], hit: DenseHit, limit: number): void {
  let position = hits.length;
  while (position > 0 && (hits[position - 1]?.similarity ?? 0) < hit.similarity) position -= 1;
  hits.splice(position, 0, hit);
  if (hits.length > limit) hits.pop();
}
