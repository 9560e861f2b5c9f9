import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SectionDraft } from './page-sections';

/** What parsing one page gives, before its URL is known: what the cache keeps. */
export interface CachedPage {
  /** The page's front matter. */
  frontMatter: Record<string, unknown>;
  /** Text of the first `#` heading. */
  firstHeading?: string;
  /** The sections, without page URLs. */
  sections: SectionDraft[];
  /** Absolute paths of other files the content came from (includes, snippets, partials). */
  dependencies: string[];
  /**
   * Where and why the page's dialect could not parse it (`5:12: Could not parse expression with
   * acorn, at "…"`), when it was read as plain Markdown instead (see `parsePage`).
   */
  syntaxError?: string;
}

/** What the cache can keep for a page: a parse that names the other files it came from. */
export interface CacheablePage {
  /** Absolute paths of other files the content came from; none for a built page. */
  dependencies: string[];
}

interface CacheEntry<Page extends CacheablePage> {
  page: Page;
  /** Content hash of each dependency when the page was parsed (`''` for a missing file). */
  dependencyHashes: Record<string, string>;
}

interface CacheFile<Page extends CacheablePage> {
  format: number;
  entries: Record<string, CacheEntry<Page>>;
}

// Bump when what a parse produces changes, so older caches are ignored.
const cacheFormat = 9;

function hash(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

async function fileHash(file: string): Promise<string> {
  try {
    return hash(await readFile(file, 'utf8'));
  } catch {
    return '';
  }
}

/**
 * Parsed pages kept on disk by content hash (page text, the files it includes, the dialect's
 * settings), so restarting a server over unchanged docs does not parse them again. One JSON file
 * per docs folder and dialect reading, rewritten after each ingest with the pages of that run
 * only (so deleted pages do not accumulate).
 */
export class IngestCache<Page extends CacheablePage = CachedPage> {
  readonly #file: string;
  readonly #previous: Record<string, CacheEntry<Page>>;
  readonly #next: Record<string, CacheEntry<Page>> = {};
  #changed = false;

  private constructor(file: string, previous: Record<string, CacheEntry<Page>>) {
    this.#file = file;
    this.#previous = previous;
  }

  /** Opens (or starts) the cache of one docs folder read with one dialect fingerprint. */
  static async open<Page extends CacheablePage = CachedPage>(folder: string, root: string, fingerprint: string): Promise<IngestCache<Page>> {
    const file = path.join(folder, `ingest-${hash(`${root}\0${fingerprint}`).slice(0, 16)}.json`);
    let previous: Record<string, CacheEntry<Page>> = {};
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as CacheFile<Page>;
      if (parsed.format === cacheFormat && typeof parsed.entries === 'object' && parsed.entries !== null) previous = parsed.entries;
    } catch {
      // No cache yet, or an unreadable one: start afresh.
    }
    return new IngestCache<Page>(file, previous);
  }

  /** The cached parse of a page with this exact text, if its included files are unchanged too. */
  async get(relativeFile: string, source: string): Promise<Page | undefined> {
    const key = hash(`${relativeFile}\0${source}`);
    const entry = this.#previous[key];
    if (entry === undefined) return undefined;
    for (const [dependency, expected] of Object.entries(entry.dependencyHashes)) {
      if ((await fileHash(dependency)) !== expected) return undefined;
    }
    this.#next[key] = entry;
    return entry.page;
  }

  /** Records a fresh parse. */
  async set(relativeFile: string, source: string, page: Page): Promise<void> {
    const dependencyHashes: Record<string, string> = {};
    for (const dependency of page.dependencies) dependencyHashes[dependency] = await fileHash(dependency);
    this.#next[hash(`${relativeFile}\0${source}`)] = { page, dependencyHashes };
    this.#changed = true;
  }

  /** Writes the cache when anything changed (atomically: a crash never leaves half a file). */
  async save(): Promise<void> {
    const dropped = Object.keys(this.#previous).some((key) => !(key in this.#next));
    if (!this.#changed && !dropped) return;
    await mkdir(path.dirname(this.#file), { recursive: true });
    // Unique per save: two domains over the same docs save the same cache file at the same time.
    const temporary = `${this.#file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const content: CacheFile<Page> = { format: cacheFormat, entries: this.#next };
    await writeFile(temporary, JSON.stringify(content));
    await rename(temporary, this.#file);
  }
}
