import { createHash, randomBytes } from 'node:crypto';
import { appendFile, mkdir, readFile, rename, stat, truncate, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { EmbeddingsSettings } from './embeddings-settings';
import { contentHashBytes } from './section-text';

// File layout: the magic, then records of [content hash][uint32 LE length][length float32s].
// Records are only ever appended, one batch at a time, so an interrupted start keeps every batch
// it finished; a torn last record is cut off when the file is next opened.
const magic = Buffer.from('DOCENTE1');
const lengthBytes = 4;

/**
 * Where the vectors of one embeddings model are cached:
 * `<dataDir>/embeddings/<first 16 hex digits of SHA-256(base URL + model)>.bin`. Another model
 * (or the same name on another endpoint) gets its own file, so vectors never mix.
 */
export function embeddingCacheFile(dataDir: string, settings: EmbeddingsSettings): string {
  const modelHash = createHash('sha256').update(`${settings.baseUrl}\n${settings.model}`).digest('hex').slice(0, 16);
  return join(dataDir, 'embeddings', `${modelHash}.bin`);
}

/**
 * Embedding vectors on disk, by content hash of the embedded text (see `contentHash`): a restart
 * over an unchanged corpus finds every section's vector here and makes no request. One instance
 * per file; writes from several domains are queued, never interleaved.
 *
 * @example
 * const cache = await EmbeddingCache.open(embeddingCacheFile(config.dataDir, settings));
 * cache.get(contentHash(text)) ?? (await embed(text));
 */
export class EmbeddingCache {
  /** The file the cache reads and appends to. */
  readonly file: string;
  readonly #vectors: Map<string, Float32Array>;
  #writing: Promise<void> = Promise.resolve();

  private constructor(file: string, vectors: Map<string, Float32Array>) {
    this.file = file;
    this.#vectors = vectors;
  }

  /**
   * Reads the cache file, creating its folder (and the file, on the first write) when missing.
   * A file that is not a cache file (wrong magic) is started afresh.
   */
  static async open(file: string): Promise<EmbeddingCache> {
    await mkdir(dirname(file), { recursive: true });
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return new EmbeddingCache(file, new Map());
    }
    if (bytes.length < magic.length || !bytes.subarray(0, magic.length).equals(magic)) {
      await writeFile(file, magic);
      return new EmbeddingCache(file, new Map());
    }
    const vectors = new Map<string, Float32Array>();
    let offset = magic.length;
    while (offset + contentHashBytes + lengthBytes <= bytes.length) {
      const hash = bytes.subarray(offset, offset + contentHashBytes).toString('hex');
      const length = bytes.readUInt32LE(offset + contentHashBytes);
      const start = offset + contentHashBytes + lengthBytes;
      const end = start + length * Float32Array.BYTES_PER_ELEMENT;
      if (length === 0 || end > bytes.length) break;
      // slice() copies into a fresh, aligned buffer, as Float32Array needs.
      vectors.set(hash, new Float32Array(Uint8Array.prototype.slice.call(bytes, start, end).buffer));
      offset = end;
    }
    if (offset < bytes.length) await truncate(file, offset);
    return new EmbeddingCache(file, vectors);
  }

  /** How many vectors the cache holds. */
  get size(): number {
    return this.#vectors.size;
  }

  /** The cached vector of a content hash, if any. */
  get(hash: string): Float32Array | undefined {
    return this.#vectors.get(hash);
  }

  /** Stores vectors by content hash, in memory at once and appended to the file in one write. */
  add(entries: ReadonlyArray<readonly [hash: string, vector: Float32Array]>): Promise<void> {
    const fresh = entries.filter(([hash]) => !this.#vectors.has(hash));
    for (const [hash, vector] of fresh) this.#vectors.set(hash, vector);
    if (fresh.length === 0) return this.#writing;
    const chunks: Buffer[] = [];
    for (const [hash, vector] of fresh) {
      const head = Buffer.alloc(contentHashBytes + lengthBytes);
      head.write(hash, 0, contentHashBytes, 'hex');
      head.writeUInt32LE(vector.length, contentHashBytes);
      chunks.push(head, Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
    }
    this.#writing = this.#writing.then(() => this.#append(Buffer.concat(chunks)));
    return this.#writing;
  }

  /**
   * Rewrites the file with only the vectors of these hashes, so sections edited or removed over
   * time do not grow it forever. Written to a temporary file first, then renamed over the old one.
   */
  compact(keep: ReadonlySet<string>): Promise<void> {
    for (const hash of [...this.#vectors.keys()]) if (!keep.has(hash)) this.#vectors.delete(hash);
    const entries = [...this.#vectors];
    this.#writing = this.#writing.then(async () => {
      const temporary = `${this.file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, magic);
      const cache = new EmbeddingCache(temporary, new Map());
      await cache.add(entries);
      await rename(temporary, this.file);
    });
    return this.#writing;
  }

  async #append(bytes: Buffer): Promise<void> {
    const started = await stat(this.file).then(
      (file) => file.size > 0,
      () => false,
    );
    await appendFile(this.file, started ? bytes : Buffer.concat([magic, bytes]));
  }
}
