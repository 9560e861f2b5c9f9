import { describe, expect, test } from 'vitest';
import type { AnswerSection } from './answer-prompt';
import { asksTwoThings, composeExtractiveAnswer } from './extractive-answer';
import type { TermStatistics } from './term-statistics';

function section(url: string, pageTitle: string, heading: string, markdown: string): AnswerSection {
  return { number: 0, url, pageTitle, heading, headingTrail: heading === pageTitle ? [] : [pageTitle], markdown };
}

function numbered(sections: AnswerSection[]): AnswerSection[] {
  return sections.map((item, index) => ({ ...item, number: index + 1 }));
}

function quotedFrom(answer: string): string[] {
  const line = answer.split('\n').find((text) => text.startsWith('Quoted from ')) ?? '';
  return [...line.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1] ?? '');
}

const declined = /^The documentation doesn't cover this/;

const theming = section(
  '/docs/theming#accent',
  'Theming',
  'Accent',
  'The launcher of the widget and its links use one accent color. Set the `accent` option to any CSS color to match your brand.',
);
const shortcut = section(
  '/docs/options#shortcut',
  'Options',
  'shortcut',
  'The keyboard shortcut that opens the panel, `mod+i` by default. Set it to `false` to turn the shortcut off when it conflicts with your site.',
);
const privacy = section('/docs/privacy', 'Privacy', 'Privacy', 'Questions go to your own server only. Nothing is sent to third parties, and no cookies are set.');

describe('decline calibration', () => {
  test('answers when a retrieved section answers in other words than the question', () => {
    const sections = numbered([theming, shortcut]);

    const colour = composeExtractiveAnswer({ question: 'How can I change the colour of the widget myself?', sections });
    const clash = composeExtractiveAnswer({ question: 'How do I stop the keyboard shortcut from clashing with my site?', sections });

    expect(colour).not.toMatch(declined);
    expect(colour).toContain('Set the `accent` option to any CSS color');
    expect(clash).not.toMatch(declined);
    expect(clash).toContain('Set it to `false` to turn the shortcut off');
  });

  test('answers a long question in the reader\'s words when a page covers its weightiest words', () => {
    const statistics: TermStatistics = {
      sectionCount: 200,
      sectionsWithTerm: { data: 40, sent: 3, third: 1, parti: 1, compani: 6, lawyer: 0, worri: 0 },
    };

    const answer = composeExtractiveAnswer({
      question: 'Our lawyers are worried: is any data sent to third parties or other companies?',
      sections: numbered([privacy, theming]),
      statistics,
    });

    expect(answer).not.toMatch(declined);
    expect(answer).toContain('Nothing is sent to third parties');
  });

  test('declines a question naming something the docs never mention, and offers the nearest pages', () => {
    const statistics: TermStatistics = { sectionCount: 200, sectionsWithTerm: { add: 30, giscus: 0, comment: 4, pag: 90 } };

    const answer = composeExtractiveAnswer({ question: 'How do I add Giscus comments to a page?', sections: numbered([theming, shortcut, privacy]), statistics });

    expect(answer).toMatch(/^The documentation doesn't cover this: I couldn't find anything about “Giscus” in these docs\.$/m);
    expect(answer).toContain('The closest pages are [Theming](/docs/theming) and [Options](/docs/options).');
    expect(answer).not.toContain('Quoted from');
  });

  test('declines when the docs know the words but no retrieved page covers the question', () => {
    const statistics: TermStatistics = { sectionCount: 200, sectionsWithTerm: { export: 3, chat: 20, histori: 2, printabl: 0, document: 50 } };

    const answer = composeExtractiveAnswer({ question: 'How do I export the chat history as a printable document?', sections: numbered([theming, privacy]), statistics });

    expect(answer).toMatch(declined);
    expect(answer).toContain('The closest pages are [Theming](/docs/theming) and [Privacy](/docs/privacy).');
  });

  test('counts a word the whole docs never use against coverage, so a subject they lack is declined', () => {
    const voice = 'Does Docent support voice input with a microphone?';
    const input = section('/docs/page-context', 'Page context', 'Page context', 'Docent reads the input the reader types and the text they select on the page.');
    const known: TermStatistics = { sectionCount: 200, sectionsWithTerm: { docent: 150, voic: 2, input: 5, microphon: 1 } };
    const unknown: TermStatistics = { sectionCount: 200, sectionsWithTerm: { docent: 150, voic: 0, input: 5, microphon: 0 } };

    expect(composeExtractiveAnswer({ question: voice, sections: numbered([input]), statistics: unknown })).toMatch(
      /^The documentation doesn't cover this: I couldn't find anything about “voice” or “microphone”/,
    );
    // Where the docs do use those words (elsewhere), the retrieved page is still judged on them.
    expect(composeExtractiveAnswer({ question: voice, sections: numbered([input]), statistics: known })).toMatch(declined);
  });

  test('takes a name only as written: a longer word or a near spelling in the docs does not cover it', () => {
    const translation = section('/docs/i18n', 'Translations', 'Translations', 'Each page is translated by hand, deeply and carefully, into the languages you list; later builds keep them.');
    const statistics: TermStatistics = { sectionCount: 200, sectionsWithTerm: { pag: 90, translat: 4, build: 30, deepl: 0, deep: 2, latex: 0 } };

    const deepL = composeExtractiveAnswer({ question: 'Can pages be translated during the build with DeepL?', sections: numbered([translation]), statistics });
    const laTeX = composeExtractiveAnswer({ question: 'Can translated pages use LaTeX in the build?', sections: numbered([translation]), statistics });

    expect(deepL).toMatch(/^The documentation doesn't cover this: I couldn't find anything about “DeepL” in these docs\.$/m);
    expect(laTeX).toMatch(/^The documentation doesn't cover this: I couldn't find anything about “LaTeX” in these docs\.$/m);
  });

  test('reads a name the docs use as one word, and a contraction as grammar, not as missing words', () => {
    const accounts = section('/docs/options#userid', 'Options', 'userId', 'Set `userId` to the account ids of signed-in readers to tie their questions to them.');
    const statistics: TermStatistics = { sectionCount: 200, sectionsWithTerm: { ids: 2, ds: 0, account: 2, reader: 40, sign: 3, tie: 1, re: 0 } };

    const answer = composeExtractiveAnswer({ question: "We're signing readers in. How do I tie their questions to account IDs?", sections: numbered([accounts]), statistics });

    expect(answer).not.toMatch(declined);
    expect(answer).toContain('Set `userId` to the account ids');
  });

  test('does not count the parts of a name the docs use as words they lack', () => {
    const images = section('/docs/images', 'Images', 'Images', 'The build can optimize every png and jpg file it copies.');
    const statistics: TermStatistics = { sectionCount: 200, sectionsWithTerm: { png: 3, pn: 0, gs: 0, build: 30, optim: 2 } };

    const answer = composeExtractiveAnswer({ question: 'Can the build optimize PNGs?', sections: numbered([images]), statistics });

    expect(answer).not.toMatch(declined);
    expect(answer).toContain('optimize every png');
  });

  test('offers no pages when nothing was retrieved', () => {
    const answer = composeExtractiveAnswer({ question: 'How do I add Giscus comments?', sections: [] });

    expect(answer).toMatch(declined);
    expect(answer).not.toContain('closest');
  });
});

describe('passage coherence', () => {
  const deploy = section(
    '/docs/deploy#github-pages',
    'Deploy',
    'GitHub Pages',
    [
      'Publish the site with a GitHub Actions workflow. Follow these steps:',
      '1. Create `.github/workflows/deploy.yml` with this content:\n\n   ```yaml\n   on: push\n   jobs:\n     deploy:\n       runs-on: ubuntu-latest\n   ```\n',
      '2. In the repository settings, pick "GitHub Actions" as the Pages source.',
      '3. Push to `main` and wait for the workflow to finish.',
      'Then build locally to check the output:',
      '```bash\nnpm run docs:build\n```',
      'Some teams prefer to deploy from a separate branch. '.repeat(8),
      'Another, unrelated, example follows:',
      '```bash\nnpm run docs:preview\n```',
    ].join('\n\n'),
  );
  const customDomain = section('/docs/custom-domain#dns', 'Custom domain', 'DNS', 'Point a CNAME record at your GitHub Pages host to publish under your own domain.');

  test('quotes the paragraph that answers with all its steps and their code, in the docs\' order, from one page', () => {
    const answer = composeExtractiveAnswer({ question: 'How do I publish my site on GitHub Pages?', sections: numbered([deploy, customDomain]) });

    const order = ['Follow these steps:', '1. Create', 'runs-on: ubuntu-latest', '2. In the repository settings', '3. Push to `main`'].map((text) => answer.indexOf(text));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((left, right) => left - right)).toEqual(order);
    expect(answer).not.toContain('npm run docs:preview');
    expect(quotedFrom(answer)).toEqual(['/docs/deploy#github-pages']);
  });

  test('keeps to the word budget, with at most one code block besides the steps', () => {
    const answer = composeExtractiveAnswer({ question: 'How do I publish my site on GitHub Pages?', sections: numbered([deploy]) }, { wordBudget: 60 });
    const prose = answer.replace(/```[\s\S]*?```/g, '').replace(/^Quoted from .*$/m, '');

    expect(prose.split(/\s+/).filter((word) => /\w/.test(word)).length).toBeLessThanOrEqual(75);
    expect(answer).not.toContain('separate branch');
    expect(answer).not.toMatch(/Another, unrelated, example follows/);
  });

  test('code blocks that follow one another come together (a module and its test, a before and an after) while they fit', () => {
    const mocking = section(
      '/docs/mocking#modules',
      'Mocking',
      'Mocking modules',
      [
        'To mock a module, call `vi.mock` with its path at the top of the test file.',
        'Given this module:',
        "```ts\n// users.ts\nexport const getUser = (id) => fetch(`/users/${id}`)\n```",
        'the test replaces it:',
        "```ts\n// users.test.ts\nvi.mock('./users', () => ({ getUser: vi.fn() }))\n```",
        `${'Mocking has other uses too. '.repeat(10)}`,
        'An unrelated example:',
        '```ts\nvi.useFakeTimers()\n```',
      ].join('\n\n'),
    );

    const answer = composeExtractiveAnswer({ question: 'How do I mock a module in a test?', sections: numbered([mocking]) }, { wordBudget: 120 });

    expect(answer).toContain('// users.ts');
    expect(answer).toContain('the test replaces it:\n\n```ts\n// users.test.ts');
    expect(answer).not.toContain('vi.useFakeTimers');
  });

  test('a list of alternatives too long to quote whole is quoted as the items that answer, at most five', () => {
    const plugins = Array.from({ length: 40 }, (_, index) => `- [**plugin-${index}**](https://example.com/${index}): Adds feature number ${index} to your site.`);
    plugins[7] = '- [**links-validator**](https://example.com/links): Check for broken links in your pages.';
    const list = section('/docs/plugins#community', 'Plugins', 'Community plugins', ['Plugins made by the community:', plugins.join('\n')].join('\n\n'));

    const answer = composeExtractiveAnswer({ question: 'Is there an add-on that checks my docs for broken links?', sections: numbered([list]) });
    expect(answer).toContain('[**links-validator**](https://example.com/links): Check for broken links');
    expect(answer).not.toContain('plugin-3');

    const several = composeExtractiveAnswer({ question: 'Which community plugins add features to my site?', sections: numbered([list]) });
    expect(several.match(/^- (?!…)/gm)).toHaveLength(5);
    expect(several).not.toContain('links-validator');
    // The list goes on in the docs: a last "…" item says so.
    expect(several).toMatch(/Adds feature number \d+ to your site\.\n- …\n/);
  });

  test('a list cut to the items that fit keeps the sentence that introduces it, and ends with "…" in its own marker', () => {
    const conditions = Array.from({ length: 30 }, (_, index) => `${index + 1}. The importer matches rule number ${index} of the interop table for default imports.`);
    const interop = section('/guide/migration#interop', 'Migration', 'CommonJS interop', ['The default import of a CommonJS module changed.', 'In build, the conditions were:', conditions.join('\n')].join('\n\n'));
    const answer = composeExtractiveAnswer({ question: 'Which conditions decide the default import of a CommonJS module in build?', sections: numbered([interop]) });
    expect(answer).toContain('In build, the conditions were:\n\n1. The importer matches rule number 0');
    const shown = answer.match(/^\d+\. The importer/gm)?.length ?? 0;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(30);
    expect(answer).toContain(`\n${shown + 1}. …\n`);
  });

  test('a reference entry quoted from its first line ("- **Type:**", "Default:") is led by the name its heading gives', () => {
    const option = section('/config/testtimeout', 'testTimeout', 'testTimeout', ['- **Type:** `number`\n- **Default:** `5_000` in Node.js, `15_000` if `browser.enabled` is `true`', 'Default timeout of a test in milliseconds. Use `0` to disable timeout completely.'].join('\n\n'));
    const answer = composeExtractiveAnswer({ question: 'What is the default timeout of a test?', sections: numbered([option]) });
    expect(answer.startsWith('**`testTimeout`**\n\n- **Type:** `number`')).toBe(true);

    // Prose that opens with one of those words is not a reference entry.
    const since = section('/docs/changelog#v2', 'Changelog', 'Version 2', 'Since version 2 the default timeout of a test is five seconds.');
    expect(composeExtractiveAnswer({ question: 'What is the default timeout of a test?', sections: numbered([since]) }).startsWith('Since version 2')).toBe(true);
    const prose = section('/docs/deploy#github-pages', 'Deploy', 'GitHub Pages', 'Push to `main` and the workflow publishes the site to GitHub Pages.');
    expect(composeExtractiveAnswer({ question: 'How do I publish to GitHub Pages?', sections: numbered([prose]) }).startsWith('Push to `main`')).toBe(true);
  });

  test('a how-to answer that ends its section without code continues into the part of the section that shows it, not into the next topic', () => {
    const intro = {
      ...section('/docs/recipes/transactions', 'Transaction per test', 'Transaction per test', 'Integration tests need a clean database. Wrap each test in a transaction that is rolled back when it ends: nothing commits.'),
      next: { url: '/docs/recipes/transactions#pattern', heading: 'Pattern', headingTrail: ['Transaction per test'], markdown: 'Create the fixture once per file:\n\n```ts\ntest.aroundEach(async (run, { db }) => db.transaction(run))\n```' },
    };
    const answer = composeExtractiveAnswer({ question: 'How do I run each test in a database transaction that gets rolled back?', sections: numbered([intro]) });
    expect(answer).toContain('**Pattern**\n\nCreate the fixture once per file:\n\n```ts\ntest.aroundEach');
    expect(quotedFrom(answer)).toEqual(['/docs/recipes/transactions', '/docs/recipes/transactions#pattern']);

    // Not for a question that does not ask how, nor into a sibling topic.
    expect(composeExtractiveAnswer({ question: 'Why wrap each test in a database transaction?', sections: numbered([intro]) })).not.toContain('Pattern');
    // Nor into code that only shares a word with the question.
    const unrelated = { ...intro, next: { ...intro.next, markdown: '```ts\nseed(db, fixtures)\n```' } };
    expect(composeExtractiveAnswer({ question: 'How do I run each test in a database transaction that gets rolled back?', sections: numbered([unrelated]) })).not.toContain('seed(');
    const sibling = { ...intro, next: { ...intro.next, heading: 'Seeding data', headingTrail: [] } };
    expect(composeExtractiveAnswer({ question: 'How do I run each test in a database transaction that gets rolled back?', sections: numbered([sibling]) })).not.toContain('aroundEach');
  });

  test('a quote from further down a section keeps its short opening sentence, which says what the section is about', () => {
    const collect = section(
      '/docs/cli#collect-tests',
      'CLI',
      '--collectTests',
      [
        'Discover and print all test names without running them.',
        `${'Jest loads each file and registers its tests before it exits. '.repeat(12)}`,
        'The counts reported by `--collectTests` match those of a run, so use it to count tests in CI without executing them.',
      ].join('\n\n'),
    );
    const answer = composeExtractiveAnswer({ question: 'How do I count the tests in CI without executing them?', sections: numbered([collect]) }, { wordBudget: 80 });
    expect(answer.startsWith('Discover and print all test names without running them.\n\nThe counts reported')).toBe(true);
  });

  test('a step list too long for the budget still comes whole when it is the procedure that answers', () => {
    const steps = Array.from({ length: 8 }, (_, index) => `${index + 1}. Step ${index + 1} of the upgrade: stop the server, back up the storage folder and run the migration for release ${index + 1}.`).join('\n');
    const upgrade = section('/docs/upgrade', 'Upgrade', 'Upgrade', `To upgrade, follow these steps:\n\n${steps}\n\n${'Older releases had other steps. '.repeat(30)}`);

    const answer = composeExtractiveAnswer({ question: 'How do I upgrade the server?', sections: numbered([upgrade]) }, { wordBudget: 100 });

    expect(answer).toContain('1. Step 1 of the upgrade');
    expect(answer).toContain('8. Step 8 of the upgrade');
    expect(answer).not.toContain('Older releases');
  });

  test('drops a label or an introduction whose code was left out, rather than leave it dangling', () => {
    const highlight = section(
      '/docs/markdown#highlight',
      'Markdown',
      'Line highlighting',
      [
        'Add the line numbers in braces after the language to highlight lines.',
        '**Input**',
        '```js{4}\nconst a = 1\n```',
        '**Output in the browser**',
        // Too long to quote beside the input: left out, with its label.
        `\`\`\`js\n${'const a = 1\n'.repeat(45)}\`\`\``,
        'Ranges such as `{5-8}` also work.',
      ].join('\n\n'),
    );

    const answer = composeExtractiveAnswer({ question: 'How do I highlight lines in code?', sections: numbered([highlight]) });

    expect(answer).toContain('**Input**\n\n```js{4}');
    expect(answer).not.toContain('Output in the browser');
  });

  test('a paragraph ending on an introduction to code too long to quote ends at the sentence before it', () => {
    const thunks = section(
      '/docs/fetching#thunks',
      'Fetching data',
      'Thunks',
      [
        'Thunks fetch data from a REST API: each dispatches an action when the request starts and another when it ends. The same example with a thunk might look like this:',
        `\`\`\`js\n${'dispatch(fetchPosts())\n'.repeat(45)}\`\`\``,
      ].join('\n\n'),
    );

    const answer = composeExtractiveAnswer({ question: 'How do I fetch data from a REST API with thunks?', sections: numbered([thunks]) });

    expect(answer.startsWith('Thunks fetch data from a REST API: each dispatches an action when the request starts and another when it ends.\n\nQuoted from')).toBe(true);
    expect(answer).not.toContain('might look like this');
  });

  test('an introduction to the subsections after it goes on into the first of them, or is left out', () => {
    const variables = {
      ...section('/docs/environment-variables', 'Environment Variables', 'Environment Variables', 'The test runner sets the following environment variables:'),
      next: { url: '/docs/environment-variables#node_env', heading: 'NODE_ENV', headingTrail: [], markdown: "Set to `'test'` if it is not already set to something else." },
    };

    const answer = composeExtractiveAnswer({ question: 'Which environment variables does the test runner set?', sections: numbered([variables]) });

    expect(answer).toContain("The test runner sets the following environment variables:\n\n**NODE_ENV**\n\nSet to `'test'`");
    expect(quotedFrom(answer)).toEqual(['/docs/environment-variables', '/docs/environment-variables#node_env']);
    // A reference entry that opens with its own name is not led by its heading twice.
    const entry = { ...variables, next: { ...variables.next, markdown: "**`NODE_ENV`**\n\nSet to `'test'` if it is not already set to something else." } };
    expect(composeExtractiveAnswer({ question: 'Which environment variables does the test runner set?', sections: numbered([entry]) })).toContain('variables:\n\n**`NODE_ENV`**\n\nSet to');
    // Into each of the subsections while the word budget lasts; a reference entry is led by its name once.
    const badge = {
      ...section('/docs/badge#props', 'Badge', 'Props', 'The badge component accepts the following props:'),
      subsections: ['text', 'variant', 'size', 'icon'].map((name) => ({
        url: `/docs/badge#${name}`,
        heading: name,
        headingTrail: ['Badge', 'Props'],
        markdown: `**type:** \`string\`\n\nThe ${name} of the badge, ${'as the theme shows it on every page of the site '.repeat(3)}`,
      })),
    };
    const listed = composeExtractiveAnswer({ question: 'What props does the badge component accept?', sections: numbered([badge]) }, { wordBudget: 120 });
    expect(listed.startsWith('The badge component accepts the following props:\n\n**`text`**\n\n**type:** `string`\n\nThe text of the badge')).toBe(true);
    expect(listed).toContain('**`variant`**\n\n**type:**');
    expect(listed).toContain('**`size`**');
    expect(listed).not.toContain('icon');
    expect(quotedFrom(listed)).toEqual(['/docs/badge#props', '/docs/badge#text', '/docs/badge#variant', '/docs/badge#size']);
    // Not into the next topic beside it: the introduction goes, the sentence before it stays.
    const props = {
      ...section('/docs/badge#props', 'Badge', 'Props', 'A badge shows a short label beside a heading. It accepts the following props:'),
      next: { url: '/docs/card', heading: 'Card', headingTrail: [], markdown: 'A card groups content.' },
    };
    const alone = composeExtractiveAnswer({ question: 'What props does the badge accept?', sections: numbered([props]) });
    expect(alone.startsWith('A badge shows a short label beside a heading.\n\nQuoted from')).toBe(true);
  });
});

describe('citations', () => {
  const install = section('/docs/install', 'Install', 'Install', 'Install the package with `npm install harbor-client` and import it in your app.');
  const webhooks = section(
    '/docs/webhooks#verify',
    'Webhooks',
    'Verify signatures',
    'Every webhook request carries an `X-Harbor-Signature` header. Compare the HMAC signature in constant time.',
  );

  test('cites every section quoted: a question that spans two pages quotes and cites both', () => {

    const answer = composeExtractiveAnswer({ question: 'How do I install the client and verify webhook signatures?', sections: numbered([install, webhooks]) });

    expect(answer).toContain('npm install harbor-client');
    expect(answer).toContain('X-Harbor-Signature');
    expect(quotedFrom(answer).sort()).toEqual(['/docs/install', '/docs/webhooks#verify']);
    expect(answer).toContain('[Webhooks › Verify signatures](/docs/webhooks#verify)');
  });

  test('a question asking one thing quotes one page even when another page shares some of its words', () => {
    const answer = composeExtractiveAnswer({ question: 'Which header holds the webhook signature the client must verify?', sections: numbered([webhooks, install]) });
    expect(quotedFrom(answer)).toEqual(['/docs/webhooks#verify']);
  });

  test('tells a question asking two things from one asking one', () => {
    expect(asksTwoThings('How do I install the client and verify webhook signatures?')).toBe(true);
    expect(asksTwoThings('How many times did the mock run, and what did it receive?')).toBe(true);
    expect(asksTwoThings('How do I install the client and server?')).toBe(false);
    expect(asksTwoThings('Can I use tabs and spaces?')).toBe(false);
    expect(asksTwoThings('Does Vitest also support Bun?')).toBe(false);
    expect(asksTwoThings('How do I configure timeouts and retries?')).toBe(false);
  });

  test('a question one section answers cites that section only, not the other pages retrieved', () => {
    const answer = composeExtractiveAnswer({ question: 'Is my data sent to third parties?', sections: numbered([privacy, theming, shortcut]) });

    expect(quotedFrom(answer)).toEqual(['/docs/privacy']);
    expect(answer).not.toContain('accent');
  });
});

describe('follow-ups', () => {
  const timers = section(
    '/api/vi#usefaketimers',
    'Vi',
    'vi.useFakeTimers',
    'To enable mocking timers, call `vi.useFakeTimers()`: it wraps all further calls to timers until `vi.useRealTimers()` is called, which switches back to the original timer functions.',
  );
  const statistics: TermStatistics = { sectionCount: 200, sectionsWithTerm: { timer: 12, fak: 4, mock: 30, switch: 9, real: 5, on: 0, afterward: 0, back: 3, settimeout: 2, set: 40, timeout: 8 } };
  const followUp = 'And how do I switch back to the real ones afterwards?';

  test('a follow-up the pages answer only with the earlier question in mind is answered', () => {
    const answer = composeExtractiveAnswer({ question: followUp, earlierQuestions: ['How do I use fake timers to mock setTimeout?'], sections: numbered([timers]), statistics });

    expect(answer).not.toMatch(declined);
    expect(quotedFrom(answer)).toEqual(['/api/vi#usefaketimers']);
  });

  test('asked alone, the same words are declined', () => {
    expect(composeExtractiveAnswer({ question: followUp, sections: numbered([timers]), statistics })).toMatch(declined);
  });

  test('a name the follow-up brings that the docs never mention still declines it', () => {
    const answer = composeExtractiveAnswer({
      question: 'And with Sinon timers?',
      earlierQuestions: ['How do I use fake timers to mock setTimeout?'],
      sections: numbered([timers]),
      statistics: { ...statistics, sectionsWithTerm: { ...statistics.sectionsWithTerm, sinon: 0 } },
    });
    expect(answer).toMatch(declined);
  });
});

describe('follow-ups answered through the earlier question', () => {
  const first = section('/docs/timers#fake', 'Timers', 'Fake timers', 'Fake timers replace setTimeout; call `useRealTimers()` to switch back to the real timers.');
  const other = section('/docs/dates#system', 'Dates', 'System date', 'The date goes back to the system date when a test ends.');
  const statistics: TermStatistics = { sectionCount: 200, sectionsWithTerm: { fak: 4, timer: 12, mock: 30, settimeout: 2, set: 40, timeout: 8, switch: 9, back: 3, real: 5, on: 0, afterward: 0, date: 6 } };
  const ask = (sections: AnswerSection[]) =>
    composeExtractiveAnswer({ question: 'And how do I switch back to the real ones afterwards?', earlierQuestions: ['How do I use fake timers to mock setTimeout?'], sections: numbered(sections), statistics });

  test('quote the page the conversation\'s search put first', () => {
    expect(quotedFrom(ask([first, other]))).toEqual(['/docs/timers#fake']);
  });

  test('decline when the follow-up\'s own words would quote another page than the one put first', () => {
    expect(ask([{ ...first, markdown: 'Fake timers replace setTimeout and the other timer functions.' }, other])).toMatch(declined);
  });
});
