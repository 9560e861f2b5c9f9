/**
 * A synthetic documentation corpus for the server benchmark: pages shaped like real docs
 * (front matter, a title, `##`/`###` sections, prose, lists, tables and code), written from a
 * seeded generator so every run measures the same corpus.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A question the benchmark can ask, and the section it was made from. */
export interface BenchQuestion {
  /** Natural-ish question text. */
  text: string;
  /** Page path of the section the question was drawn from. */
  pagePath: string;
}

/** What {@link writeCorpus} produced. */
export interface Corpus {
  /** Pages written. */
  pages: number;
  /** Total size of the Markdown, in bytes. */
  bytes: number;
  /** Questions drawn from section headings and prose. */
  questions: BenchQuestion[];
}

/** mulberry32: small, fast and good enough to make text; seeded so runs are comparable. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const syllables = ['ka', 'lo', 'mi', 'ren', 'sta', 'vor', 'pex', 'qui', 'dra', 'zen', 'tor', 'bal', 'cel', 'fin', 'gro', 'hub', 'jet', 'lum', 'nor', 'ply'];
const commonWords = (
  'the a to of and in is for on with that you can this it be by as from or your when are an each not set use returns ' +
  'default value option request server client page section token key file folder error run build config install'
).split(' ');
const verbs = (
  'configure enable disable rotate deploy migrate cache retry validate export import index stream limit sign install ' +
  'upgrade connect authenticate publish delete create update list schedule monitor debug backup restore encrypt ' +
  'verify register embed theme translate filter paginate upload download archive'
).split(' ');

/**
 * Writes `pageCount` pages into `folder` (in sub-folders of 100) and returns questions drawn
 * from them.
 */
export async function writeCorpus(folder: string, pageCount: number, seed = 42): Promise<Corpus> {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  // A Zipf-like vocabulary: a few words are everywhere, most are rare, as in real docs.
  const vocabulary = Array.from({ length: 20_000 }, (_, index) => {
    const parts = 2 + (index % 3);
    return Array.from({ length: parts }, () => pick(syllables)).join('');
  });
  const word = () => (next() < 0.35 ? pick(commonWords) : (vocabulary[Math.floor(vocabulary.length * next() ** 2)] ?? 'word'));
  const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  // Headings vary as in real docs: tasks ("Configure the …"), topics ("… options"), plain names.
  const heading = () => {
    const shape = next();
    if (shape < 0.45) return `${capitalized(pick(verbs))} the ${phrase(2)}`;
    if (shape < 0.75) return capitalized(`${phrase(2)} ${pick(['options', 'reference', 'errors', 'limits', 'examples', 'overview'])}`);
    return capitalized(phrase(2 + Math.floor(next() * 2)));
  };
  const phrase = (length: number) => Array.from({ length }, word).join(' ');
  const sentence = () => {
    const text = phrase(8 + Math.floor(next() * 14));
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 2 + Math.floor(next() * 4) }, sentence).join(' ');

  const questions: BenchQuestion[] = [];
  let bytes = 0;
  const writes: Promise<void>[] = [];
  for (let pageIndex = 0; pageIndex < pageCount; pageIndex++) {
    const folderName = `area-${String(Math.floor(pageIndex / 100)).padStart(2, '0')}`;
    const slug = `${pick(verbs)}-${word()}-${pageIndex}`;
    const pagePath = `/docs/${folderName}/${slug}`;
    const title = heading();
    const lines = ['---', `title: ${title}`, `description: ${sentence()}`];
    if (pageIndex % 3 === 0) lines.push(`version: "${1 + (pageIndex % 2)}"`);
    if (pageIndex % 5 === 0) lines.push('groups: [admins]');
    lines.push('---', '', `# ${title}`, '', paragraph(), '');
    const sectionCount = 3 + Math.floor(next() * 5);
    for (let sectionIndex = 0; sectionIndex < sectionCount; sectionIndex++) {
      const sectionHeading = heading();
      lines.push(`${sectionIndex > 0 && next() < 0.3 ? '###' : '##'} ${sectionHeading}`, '', paragraph(), '');
      const shape = next();
      if (shape < 0.3) {
        lines.push('```bash', `${word()} ${pick(verbs)} --${word()} ${word()}`, `export ${word().toUpperCase()}_${word().toUpperCase()}=${word()}`, '```', '');
      } else if (shape < 0.5) {
        lines.push(...Array.from({ length: 3 }, () => `- \`${word()}\`: ${sentence()}`), '');
      } else if (shape < 0.6) {
        lines.push('| Option | Default | Meaning |', '| --- | --- | --- |', ...Array.from({ length: 3 }, () => `| \`${word()}\` | \`${word()}\` | ${sentence()} |`), '');
      }
      lines.push(paragraph(), '');
      // Questions a reader of this section might ask: its heading as a question, or a few of
      // its words.
      if (next() < 0.25) {
        questions.push({ text: `How do I use ${sectionHeading.toLowerCase()}?`, pagePath });
      } else if (next() < 0.2) {
        questions.push({ text: `What does ${word()} ${phrase(2)} mean`, pagePath });
      }
    }
    const markdown = lines.join('\n');
    bytes += Buffer.byteLength(markdown);
    const file = path.join(folder, folderName, `${slug}.md`);
    writes.push(mkdir(path.dirname(file), { recursive: true }).then(() => writeFile(file, markdown)));
    // Keep a bounded number of writes in flight.
    if (writes.length >= 200) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
  return { pages: pageCount, bytes, questions };
}
