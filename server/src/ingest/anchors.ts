import GithubSlugger, { slug as githubSlugOnce } from 'github-slugger';

/** A heading as the anchor rules see it: its plain text, and the id the author gave it, if any. */
export interface HeadingForAnchor {
  /** The heading's plain text (markup, custom-id syntax and badges removed). */
  text: string;
  /** An explicit id (`{#my-id}`, `{ #my-id }`), used as the anchor as written. */
  customId?: string;
  /** Labels written just before the heading (reStructuredText's `.. _name:`): its section's other names, ids on the page too. */
  targetNames?: string[];
}

/**
 * Gives every heading of one page its anchor, in document order, the way one generator does.
 * Takes all the page's headings at once because some generators reserve explicit ids before
 * they make the others (Python-Markdown does).
 */
export type AssignAnchors = (headings: readonly HeadingForAnchor[]) => string[];

/**
 * GitHub's rules (github-slugger), used by GitHub and Docusaurus: lower case,
 * punctuation removed, spaces to `-`, a repeated slug gets `-1`, `-2`. An explicit id is used as
 * written and does not take a slug (Docusaurus' behaviour).
 *
 * @example githubAnchors([{ text: 'Dark mode' }, { text: 'Dark mode' }]) // ['dark-mode', 'dark-mode-1']
 */
export const githubAnchors: AssignAnchors = (headings) => {
  const slugger = new GithubSlugger();
  return headings.map((heading) => heading.customId ?? slugger.slug(heading.text));
};

/**
 * Astro's rules (its rehype heading ids, used by Starlight): github-slugger, then one trailing
 * `-` removed (`Deploy 🚀` → `deploy`, not `deploy-`), the repeat count kept by the slugger.
 */
export const astroAnchors: AssignAnchors = (headings) => {
  const slugger = new GithubSlugger();
  return headings.map((heading) => {
    if (heading.customId !== undefined) return heading.customId;
    const anchor = slugger.slug(heading.text);
    return anchor.endsWith('-') ? anchor.slice(0, -1) : anchor;
  });
};

/** One heading's slug by GitHub's rules, without duplicate tracking. */
export function githubSlug(text: string): string {
  return githubSlugOnce(text);
}

// VitePress' default slugify (`@mdit-vue/shared`): accents removed, ASCII punctuation runs to one
// `-`, a leading digit prefixed with `_`, lower case; letters of any script are kept.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f]/g;
const vitepressSpecial = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g;
const combiningMarks = /[\u0300-\u036F]/g;

/**
 * VitePress' slugify (from `@mdit-vue/shared`, used by its markdown-it-anchor setup).
 *
 * @example vitepressSlug('Using Vue in Markdown') === 'using-vue-in-markdown'; vitepressSlug('1. Setup') === '_1-setup'
 */
export function vitepressSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(combiningMarks, '')
    .replace(controlCharacters, '')
    .replace(vitepressSpecial, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

/**
 * VitePress' rules: {@link vitepressSlug}, made unique per page as markdown-it-anchor does
 * (`-1`, `-2`, …); explicit `{#id}` ids are kept and take their name.
 */
export const vitepressAnchors: AssignAnchors = (headings) => {
  const taken = new Set<string>();
  return headings.map((heading) => claimAnchor(heading.customId ?? vitepressSlug(heading.text), taken, 1));
};

/**
 * `base`, or `base-N` with the smallest `N` from `firstSuffix` on that is not taken yet; the
 * anchor returned is taken from then on.
 */
function claimAnchor(base: string, taken: Set<string>, firstSuffix: number): string {
  let anchor = base;
  for (let suffix = firstSuffix; taken.has(anchor); suffix++) anchor = `${base}-${suffix}`;
  taken.add(anchor);
  return anchor;
}

/**
 * Python-Markdown's `toc` slugify: accents folded to ASCII and anything else non-ASCII dropped,
 * characters other than word characters, spaces and `-` removed, lower case, runs of spaces and
 * `-` to one `-`. With `unicode` (pymdownx.slugs' `slugify`), letters of every script are kept.
 *
 * @example pythonMarkdownSlug('Changing the colors') === 'changing-the-colors'
 */
export function pythonMarkdownSlug(text: string, unicode = false): string {
  let value = text;
  if (!unicode) value = value.normalize('NFKD').replace(/[^\x00-\x7F]/g, '');
  else value = value.normalize('NFC');
  value = value
    .replace(unicode ? /[^\p{L}\p{N}\p{M}_\s-]/gu : /[^\w\s-]/g, '')
    .trim()
    .toLowerCase();
  return value.replace(/[-\s]+/g, '-');
}

/**
 * Python-Markdown's `toc` rules: ids given with attr_list (`{ #id }`) are reserved first, then
 * each other heading gets {@link pythonMarkdownSlug}, made unique with `_1`, `_2`, … (an empty
 * slug becomes `_1`).
 */
export function pythonMarkdownAnchors(options: { unicode?: boolean } = {}): AssignAnchors {
  return (headings) => {
    const taken = new Set(headings.flatMap((heading) => (heading.customId === undefined ? [] : [heading.customId])));
    return headings.map((heading) => {
      if (heading.customId !== undefined) return heading.customId;
      let anchor = pythonMarkdownSlug(heading.text, options.unicode);
      while (anchor === '' || taken.has(anchor)) {
        const numbered = /^(.*)_([0-9]+)$/.exec(anchor);
        anchor = numbered ? `${numbered[1]}_${Number(numbered[2]) + 1}` : `${anchor}_1`;
      }
      taken.add(anchor);
      return anchor;
    });
  };
}

/**
 * Mintlify's slug, by the rules its documentation gives ("Automatic anchor IDs"): lower case,
 * whitespace to `-`, a straight apostrophe to `’` (kept), periods to `-`, parentheses removed,
 * slashes and ampersands kept. Other punctuation stays too, as the links Mintlify's own docs
 * write to their headings show (`#example:-connect-to-…`, `#split-configuration-with-$ref`),
 * but commas (`#search-seo-and-ai-indexing` for "Search, SEO, and AI indexing") and question
 * marks ("What's next?" is `what’s-next`), which Mintlify drops.
 *
 * @example mintlifySlug("What's new") === 'what’s-new'; mintlifySlug('Rate limits (per minute)') === 'rate-limits-per-minute'
 */
export function mintlifySlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/'/g, '’')
    .replace(/\./g, '-')
    .replace(/\s+/g, '-')
    .replace(/[()?,]/g, '');
}

/**
 * Mintlify's rules: {@link mintlifySlug}, a repeat on the page (headings inside components
 * included) gets `-2`, `-3`…; an explicit `{#id}` is used as written.
 *
 * @example mintlifyAnchors([{ text: 'Overview' }, { text: 'Overview' }]) // ['overview', 'overview-2']
 */
export const mintlifyAnchors: AssignAnchors = (headings) => {
  const taken = new Set(headings.flatMap((heading) => (heading.customId === undefined ? [] : [heading.customId])));
  return headings.map((heading) => heading.customId ?? claimAnchor(mintlifySlug(heading.text), taken, 2));
};

/**
 * mdBook's id for a heading's text (`id_from_content` of its HTML renderer): trimmed, lower case,
 * letters, digits, `_` and `-` of any script kept, each white-space character a `-`, everything
 * else dropped; a heading of nothing but dropped characters is `section`.
 *
 * @example mdbookSlug('Running `cargo build`') === 'running-cargo-build'; mdbookSlug('What’s new?') === 'whats-new'
 */
export function mdbookSlug(text: string): string {
  let id = '';
  for (const character of text.trim().toLowerCase()) {
    if (/[\p{Alphabetic}\p{N}_-]/u.test(character)) id += character;
    else if (/\s/u.test(character)) id += '-';
  }
  return id === '' ? 'section' : id;
}

/**
 * mdBook's rules: {@link mdbookSlug}, a repeat on the page gets `-1`, `-2`… (the first free one);
 * an explicit `{#id}` is used as written and, as in mdBook, reserves nothing.
 *
 * @example mdbookAnchors([{ text: 'Usage' }, { text: 'Usage' }]) // ['usage', 'usage-1']
 */
export const mdbookAnchors: AssignAnchors = (headings) => {
  const used = new Set<string>();
  return headings.map((heading) => heading.customId ?? claimAnchor(mdbookSlug(heading.text), used, 1));
};

/**
 * Hugo's id for a heading's text (Goldmark's `autoIDType`, see `sanitizeAnchorName` in Hugo's
 * `markup/goldmark/autoid.go`):
 * - `github` (the default): trimmed; each space or `-` a `-`; letters, decimal digits and `_` of any
 *   script kept in lower case; everything else dropped;
 * - `github-ascii`: the same after accents are folded, non-ASCII characters dropped;
 * - `blackfriday`: runs of anything but letters and numbers become one `-` between words.
 * An id of nothing is `heading`.
 *
 * @example hugoSlug('Set up `protoc` (v3)') === 'set-up-protoc-v3'; hugoSlug('Café', 'github-ascii') === 'cafe'
 */
export function hugoSlug(text: string, style: 'github' | 'github-ascii' | 'blackfriday' = 'github'): string {
  let id = '';
  if (style === 'blackfriday') {
    let dash = false;
    for (const character of text) {
      if (/[\p{L}\p{N}]/u.test(character)) {
        if (dash && id !== '') id += '-';
        dash = false;
        id += character.toLowerCase();
      } else dash = true;
    }
  } else {
    // github-ascii: accents taken off (NFD without its marks), then anything non-ASCII dropped.
    const input = style === 'github-ascii' ? [...text.normalize('NFD')].filter((character) => character.charCodeAt(0) < 0x80).join('') : text;
    for (const character of input.trim()) {
      if (character === ' ' || character === '-') id += '-';
      else if (/[\p{L}\p{Nd}_]/u.test(character)) id += character.toLowerCase();
    }
  }
  return id === '' ? 'heading' : id;
}

/**
 * Hugo's rules: {@link hugoSlug}; a repeat on the page gets `-1`, `-2`… (the first free one); an
 * explicit `{#id}` is used as written and takes its id from the pool, in document order.
 *
 * @example hugoAnchors()([{ text: 'Usage' }, { text: 'Usage' }]) // ['usage', 'usage-1']
 */
export function hugoAnchors(style: 'github' | 'github-ascii' | 'blackfriday' = 'github'): AssignAnchors {
  return (headings) => {
    const used = new Set<string>();
    return headings.map((heading) => {
      if (heading.customId === undefined) return claimAnchor(hugoSlug(heading.text, style), used, 1);
      used.add(heading.customId);
      return heading.customId;
    });
  };
}

/**
 * kramdown's GFM parser's id (`generate_gfm_header_id`, Jekyll's default, as on GitHub Pages),
 * made from the heading's text (code without its backticks, a link without its target): lower case, anything but word characters, `-`,
 * spaces and tabs removed, each space or tab a `-`; a repeat gets `-1`, `-2`… by how often its
 * base came before. An explicit `{#id}` is used as written.
 *
 * @example kramdownGfmAnchors([{ text: 'Install `jekyll`' }, { text: 'Install `jekyll`' }]) // ['install-jekyll', 'install-jekyll-1']
 */
export const kramdownGfmAnchors: AssignAnchors = (headings) => {
  const counts = new Map<string, number>();
  return headings.map((heading) => {
    if (heading.customId !== undefined) return heading.customId;
    const base = heading.text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{Nd}\p{Pc}\- \t]/gu, '')
      .replace(/[ \t]/g, '-');
    const count = (counts.get(base) ?? -1) + 1;
    counts.set(base, count);
    return count > 0 ? `${base}-${count}` : base;
  });
};

/**
 * kramdown's own id (`generate_id`, with `input: kramdown`), from the heading's text: everything before the first ASCII letter dropped, then anything but ASCII letters,
 * digits, spaces and `-`, spaces to `-`, lower case; nothing left is `section`; a repeat gets
 * `-1`, `-2`…
 *
 * @example kramdownAnchors([{ text: '2. Setup' }, { text: 'Setup' }]) // ['setup', 'setup-1']
 */
export const kramdownAnchors: AssignAnchors = (headings) => {
  const used = new Map<string, number>();
  return headings.map((heading) => {
    if (heading.customId !== undefined) return heading.customId;
    const base =
      heading.text
        .replace(/^[^a-zA-Z]+/, '')
        .replace(/[^a-zA-Z0-9 -]/g, '')
        .replace(/ /g, '-')
        .toLowerCase() || 'section';
    const count = used.get(base);
    used.set(base, (count ?? -1) + 1);
    return count === undefined ? base : `${base}-${count + 1}`;
  });
};

/**
 * docutils' id of a section title (`nodes.make_id`): lower case, accents taken off and anything
 * else non-ASCII dropped, runs of other characters as one `-`, no leading digits or `-`.
 *
 * @example docutilsId('2. Getting Started!') === 'getting-started'
 */
export function docutilsId(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[-0-9]+|-+$/g, '');
}

/**
 * Sphinx's `_make_id`, the id of a documented object: {@link docutilsId}'s rules, keeping capitals,
 * dots and underscores (`pytest.approx`, `envvar-PYTEST_ADDOPTS`).
 */
export function sphinxId(text: string): string {
  const ascii = text.normalize('NFKD').replace(/[^\x00-\x7f]/g, '');
  return ascii
    .split(/\s+/)
    .filter(Boolean)
    .join(' ')
    .replace(/[^a-zA-Z0-9._]+/g, '-')
    .replace(/^[-0-9._]+|-+$/g, '');
}

/**
 * Sphinx's anchors (docutils' section ids): {@link docutilsId} of the title; a title whose id is
 * taken already (by an earlier title or by a label), or that makes no id, gets the next `id1`,
 * `id2`… as Sphinx numbers them. A title named like the label just before it (`.. _install:`
 * over "Install") has the label's id, and still takes a number. An object's id
 * (`pytest.approx`) is used as written.
 *
 * @example sphinxAnchors([{ text: 'Usage' }, { text: 'Usage' }]) // ['usage', 'id1']
 */
export const sphinxAnchors: AssignAnchors = (headings) => {
  const ids = new DocutilsIds();
  for (const heading of headings) {
    if (heading.customId !== undefined) ids.reserve(heading.customId);
    for (const name of heading.targetNames ?? []) ids.reserve(docutilsId(name));
  }
  return headings.map((heading) => {
    if (heading.customId !== undefined) return heading.customId;
    const id = docutilsId(heading.text);
    if (id !== '' && (heading.targetNames ?? []).some((name) => docutilsId(name) === id)) {
      ids.numbered();
      return id;
    }
    return ids.forName(heading.text);
  });
};

/**
 * The ids of one page as docutils hands them out: a name's {@link docutilsId} while it is free,
 * else the next `id1`, `id2`… that is.
 */
export class DocutilsIds {
  readonly #used = new Set<string>();
  #counter = 0;

  /** Marks an id as taken (an object's id, a label's). */
  reserve(id: string): void {
    this.#used.add(id);
  }

  /** The next free `idN`, now taken. */
  numbered(): string {
    let id: string;
    do id = `id${++this.#counter}`;
    while (this.#used.has(id));
    this.#used.add(id);
    return id;
  }

  /** The id of a name (none: a numbered one), now taken. */
  forName(name: string | undefined): string {
    const id = name === undefined ? '' : docutilsId(name);
    if (id === '' || this.#used.has(id)) return this.numbered();
    this.#used.add(id);
    return id;
  }
}
