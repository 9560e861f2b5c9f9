import { describe, expect, test } from 'vitest';
import { judgeCoverage, questionSubject } from './answer-coverage';

describe('questionSubject', () => {
  test('keeps the subject words, without the question frame, small talk or everyday pronouns', () => {
    expect(questionSubject('Hi! How can I change the colour of the widget myself?').terms).toEqual(['colour', 'widget']);
  });

  test('takes products, acronyms and identifiers for names, but not a capital that opens a sentence or a version', () => {
    const subject = questionSubject('Windows users see CRLF endings. Can GitLab or Giscus use v3 with es2015 in 40s, 300ms or 2x with 2FA?');

    expect([...subject.names].map((term) => subject.words.get(term))).toEqual(['CRLF', 'GitLab', 'Giscus', 'es2015', '2FA']);
    expect(subject.words.get('window')).toBe('Windows');
  });

  test('a unit after its number is a quantity, not a name: "5 MB" as "5MB"; the unit alone still names something', () => {
    const subject = questionSubject('How do I reject uploads bigger than 5 MB or slower than 300 ms? What is a GB?');
    expect([...subject.names].map((term) => subject.words.get(term))).toEqual(['GB']);
  });

  test('skips what follows an apostrophe and negated auxiliaries, keeping the word of a possessive', () => {
    expect(questionSubject("We're on Vue and it didn't render the project's sidebar").terms).toEqual(['vue', 'render', 'project', 'sidebar']);
  });

  test('a capital after a line break or a colon opens a sentence; after a comma or leading spaces it names something', () => {
    const subject = questionSubject('Settings:\n  Theme is blue, Giscus too;   Sidebar hides.\nPlugin   works');

    expect([...subject.names].map((term) => subject.words.get(term))).toEqual(['Giscus']);
    expect([...questionSubject('  Giscus comments').names]).toEqual(['giscus']);
  });

  test('costs time in proportion to the question: ten times the words, well under ten times ten the time', () => {
    const words = 'how do I configure the deployment pipeline. With custom themes, plugins and Giscus for my site'.split(' ');
    const question = (count: number) => Array.from({ length: count }, (_, index) => `${words[index % words.length]}${index % 7 === 0 ? index : ''}`).join(' ');
    const fastest = (text: string) => {
      let best = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < 3; attempt++) {
        const started = performance.now();
        questionSubject(text);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const short = fastest(question(2_000));
    const long = fastest(question(20_000));

    // Linear work gives about 10x; rescanning the question before every word gave 50x and more.
    expect(long / short).toBeLessThan(30);
  });

  test('knows the parts of a name or identifier belong to it', () => {
    const subject = questionSubject('Can GitHub show account IDs?');

    expect(subject.partOf.get('git')).toBe('github');
    // The plural of an acronym is one word, not "I" + "Ds".
    expect(subject.terms).toContain('id');
    expect(subject.partOf.has('ds')).toBe(false);
  });
});

describe('judgeCoverage with the names a dictionary found', () => {
  const sections = [
    {
      number: 1,
      url: '/docs/deploy#serve',
      pageTitle: 'Deploy',
      heading: 'Serve the built site',
      headingTrail: [],
      markdown: 'Serve the built site from any static file server; the configuration needs no changes.',
    },
  ];
  const question = 'What nginx configuration do I need to serve the built site?';
  const statistics = { sectionCount: 40, sectionsWithTerm: { nginx: 0, configur: 3, serv: 2, built: 5, sit: 20 } };

  test('declines, naming the word, when the docs never mention a name written in lower case', () => {
    const judgement = judgeCoverage(questionSubject(question), sections, { ...statistics, names: ['nginx'] });

    expect(judgement.covered).toBe(false);
    expect(judgement.missing).toEqual(['nginx']);
  });

  test('answers the same question when the word is not known to be a name', () => {
    expect(judgeCoverage(questionSubject(question), sections, statistics).covered).toBe(true);
  });
});

describe('judgeCoverage with the reader’s reason for asking', () => {
  const sections = [
    {
      number: 1,
      url: '/docs/privacy#cookies',
      pageTitle: 'Privacy',
      heading: 'No cookies',
      headingTrail: [],
      markdown: 'The widget sets no cookies and uses no fingerprinting; the thread id lives in session storage.',
    },
  ];
  const statistics = { sectionCount: 40, sectionsWithTerm: { widget: 30, set: 12, cooki: 1, gdpr: 0, consent: 0, banner: 0 }, names: [] };

  test('answers when a name the docs never mention is only the reason, after the question', () => {
    const judgement = judgeCoverage(questionSubject('Does the widget set any cookies? I need to know for our GDPR consent banner.'), sections, statistics);

    expect(judgement.covered).toBe(true);
  });

  test('declines when the same name is what the question asks about', () => {
    const judgement = judgeCoverage(questionSubject('Does the widget work with our GDPR consent banner?'), sections, statistics);

    expect(judgement.covered).toBe(false);
    expect(judgement.missing).toEqual(['GDPR']);
  });
});

describe('judgeCoverage with the scene the reader sets', () => {
  const sections = [
    {
      number: 1,
      url: '/docs/middleware/jwk#remote-keys',
      pageTitle: 'JWK Auth Middleware',
      heading: 'Verify tokens with a remote key set',
      headingTrail: [],
      markdown: 'Pass `jwks_uri` and the middleware fetches the public keys from that URL to verify the signature of every incoming token, so no key is hardcoded.',
    },
  ];
  const statistics = { sectionCount: 40, sectionsWithTerm: { token: 6, sign: 4, public: 3, kei: 5, verifi: 4, incom: 2, request: 30, hardcod: 1, auth0: 0 } };

  test('answers when a product the docs never mention only sets the scene before the question', () => {
    const judgement = judgeCoverage(questionSubject('Our tokens are signed by Auth0 with public keys. How do I verify them on incoming requests without hardcoding a key?'), sections, statistics);

    expect(judgement.covered).toBe(true);
  });

  test('declines, naming it, when the question sentence itself asks about that product', () => {
    const judgement = judgeCoverage(questionSubject('How do I verify Auth0 tokens with public keys on incoming requests?'), sections, statistics);

    expect(judgement.covered).toBe(false);
    expect(judgement.missing).toEqual(['Auth0']);
  });

  test('still declines when the rest of the scene is not covered either', () => {
    const judgement = judgeCoverage(questionSubject('We deploy with Auth0 actions to a Kubernetes cluster. Possible?'), sections, statistics);

    expect(judgement.covered).toBe(false);
  });
});

describe('judgeCoverage with names from the reader’s own code', () => {
  const sections = [
    {
      number: 1,
      url: '/docs/expect#tothrow',
      pageTitle: 'Expect',
      heading: '.toThrow(error?)',
      headingTrail: [],
      markdown: 'Use `.toThrow` to test that a function throws when it is called. You must wrap the code in a function, otherwise the error will not be caught and the assertion will fail.',
    },
  ];
  const statistics = { sectionCount: 40, sectionsWithTerm: { throw: 3, function: 20, crash: 0, parseconfig: 0, pars: 2, config: 9 } };

  test('answers when the name the docs never mention is a function the reader calls in their own code', () => {
    const judgement = judgeCoverage(questionSubject("I wrote expect(parseConfig('bad')).toThrow() and the test crashes instead of passing. Why?"), sections, statistics);
    expect(judgement.covered).toBe(true);
  });

  test('declines when the same name, written bare, is what the question asks about', () => {
    const judgement = judgeCoverage(questionSubject('How do I use parseConfig with toThrow?'), sections, statistics);
    expect(judgement.covered).toBe(false);
    expect(judgement.missing).toEqual(['parseConfig']);
  });

  test("answers when the unknown names are the reader's own: a pasted error's class, a relative module path, a name they introduce", () => {
    const asked = "TypeError: the default export is not a function, thrown from './parseConfig'. My test named badConfigThrows wraps the call in a function; why doesn't toThrow catch the error?";
    expect(judgeCoverage(questionSubject(asked), sections, { ...statistics, sectionsWithTerm: { ...statistics.sectionsWithTerm, typeerror: 0, badconfigthrow: 0 } }).covered).toBe(true);
    expect(judgeCoverage(questionSubject('Does toThrow catch a TypeError thrown by parseConfig?'), sections, statistics).covered).toBe(false);
  });
});

describe('judgeCoverage with the reader’s describing words', () => {
  const sections = [
    {
      number: 1,
      url: '/reference/media#variants',
      pageTitle: 'Media',
      heading: 'Scheme variants',
      headingTrail: [],
      markdown: 'To show a different image in dark mode, add `#only-dark` to the image URL, and `#only-light` to the one for light mode.',
    },
  ];
  const subject = questionSubject('My diagram looks awful and blurry in dark mode. Can I use another image there?');
  const statistics = { sectionCount: 300, sectionsWithTerm: { diagram: 4, awful: 0, blurri: 0, another: 0, dark: 12, mod: 25, imag: 15 } };

  test('answers when the words the docs never use only describe ("awful", "blurry")', () => {
    const judgement = judgeCoverage(subject, sections, { ...statistics, modifiers: ['awful', 'blurri', 'another'] });

    expect(judgement.covered).toBe(true);
    expect(judgement.missing).toEqual(['diagram']);
  });

  test('declines the same question when those words may name its subject', () => {
    const judgement = judgeCoverage(subject, sections, statistics);

    expect(judgement.covered).toBe(false);
    expect(judgement.missing.slice(0, 2)).toEqual(['awful', 'blurry']);
  });
});

describe('questionSubject: names of several words', () => {
  test('finds capitalised words in a row, apart by a space or a hyphen, as written', () => {
    expect(questionSubject('Can I test a React Native app with Flask-Login and Django REST Framework?').namePhrases).toEqual(['React Native', 'Flask-Login', 'Django REST Framework']);
  });

  test('a possessive or a comma ends a name; acronyms alone, identifiers and single names are none', () => {
    expect(questionSubject("Can I switch to Algolia's DocSearch, Vercel or Netlify? Is an HTTPS URL fine in React useQuery?").namePhrases).toEqual([]);
  });

  test('leaves out the names of the scene and of the asides', () => {
    const subject = questionSubject('Our box runs Windows Server. Which WSGI server can I use, so I can log it to Google Analytics?');
    expect(subject.namePhrases).toEqual([]);
  });
});

describe('judgeCoverage with a name of several words', () => {
  const sections = [
    {
      number: 1,
      url: '/guide/environment#jsdom',
      pageTitle: 'Test environment',
      heading: 'Testing React components',
      headingTrail: [],
      markdown: 'Set `environment: "jsdom"` to test React components, or run native ES modules with the node environment and a preset.',
    },
  ];
  const statistics = { sectionCount: 200, sectionsWithTerm: { test: 120, react: 6, nativ: 4, app: 30, preset: 3 } };
  const subject = questionSubject('Can I test a React Native app, and which preset do I need?');

  test('declines, naming it, when the docs use each word but never write the name', () => {
    const judgement = judgeCoverage(subject, sections, { ...statistics, absentNames: ['react native'] });

    expect(judgement.covered).toBe(false);
    expect(judgement.missing).toEqual(['React Native']);
  });

  test('answers the same question when the docs write the name', () => {
    expect(judgeCoverage(subject, sections, statistics).covered).toBe(true);
  });

  test('declines it too when the question also gives its reason (an aside)', () => {
    const withReason = questionSubject('Can I test a React Native app, so I can ship it faster?');
    expect(withReason.asides?.size).toBeGreaterThan(0);
    expect(judgeCoverage(withReason, sections, { ...statistics, sectionsWithTerm: { ...statistics.sectionsWithTerm, ship: 0, faster: 0 }, absentNames: ['react native'] }).missing).toEqual(['React Native']);
  });
});

describe('judgeCoverage with a language the reader names', () => {
  const page = (markdown: string) => [{ number: 1, url: '/docs/i18n#labels', pageTitle: 'Translations', heading: 'Translate the labels', headingTrail: [], markdown }];
  const statistics = { sectionCount: 50, sectionsWithTerm: { label: 6, panel: 12, german: 0, translat: 3 } };
  const subject = questionSubject('How do I show the panel labels in German?');

  test('answers from a page that writes its locale code', () => {
    const judgement = judgeCoverage(subject, page('Set `lang: "de"` to show the panel labels translated.'), statistics);
    expect(judgement.covered).toBe(true);
    expect(judgement.terms).toContain('de');
  });

  test('answers from a page that explains it for another language, which then stands for the reader\'s', () => {
    const judgement = judgeCoverage(subject, page('To show the panel labels in French, give each label its French text.'), statistics);
    expect(judgement.covered).toBe(true);
    expect(judgement.terms).toContain('french');
  });

  test('declines, naming the language, when the pages name no language at all', () => {
    const judgement = judgeCoverage(subject, page('The panel shows its labels beside the buttons.'), statistics);
    expect(judgement.covered).toBe(false);
    expect(judgement.missing).toEqual(['German']);
  });
});

describe('judgeCoverage with a dotted identifier', () => {
  const sections = [
    {
      number: 1,
      url: '/guide/sitemap',
      pageTitle: 'Sitemap Generation',
      heading: 'Sitemap Generation',
      headingTrail: [],
      markdown: 'Support for generating a `sitemap.xml` file for your site is built in: set `sitemap.hostname`.',
    },
  ];
  const statistics = { sectionCount: 300, sectionsWithTerm: { 'sitemap.xml': 2, sitemap: 3, xml: 2, produc: 0, search: 40, engin: 0 } };

  test('counts it as a word of its own besides its parts, so docs that write it answer about it', () => {
    const subject = questionSubject('How can I produce a sitemap.xml for search engines?');
    expect(subject.terms).toContain('sitemap.xml');
    expect(subject.names.has('sitemap.xml')).toBe(false);
    expect(judgeCoverage(subject, sections, statistics).covered).toBe(true);
  });

  test('not "e.g.", a version or a path', () => {
    expect(questionSubject('Use e.g. v1.2.3 from src/app.ts').terms).not.toEqual(expect.arrayContaining(['e.g', 'v1.2.3', 'src/app.ts']));
    expect(questionSubject('Use e.g. v1.2.3 from src/app.ts').terms.some((term) => term.includes('.'))).toBe(false);
  });
});
