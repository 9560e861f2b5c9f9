import { describe, expect, test } from 'vitest';
import { astroAnchors, githubAnchors, pythonMarkdownAnchors, pythonMarkdownSlug, vitepressAnchors, vitepressSlug } from './anchors';

describe('githubAnchors (GitHub, Docusaurus, Starlight)', () => {
  test('lower case, punctuation dropped, letters of any script kept, repeats numbered', () => {
    expect(githubAnchors([{ text: 'Dark mode' }, { text: 'Dark mode' }, { text: 'Déjà vu — ça marche' }, { text: 'The `data-*` options!' }])).toEqual([
      'dark-mode',
      'dark-mode-1',
      'déjà-vu--ça-marche',
      'the-data--options',
    ]);
  });

  test('an explicit id is used as written', () => {
    expect(githubAnchors([{ text: 'Configure', customId: 'custom-configure' }, { text: 'Configure' }])).toEqual(['custom-configure', 'configure']);
  });
});

describe('astroAnchors (Starlight)', () => {
  test('github-slugger without the trailing dash an emoji or a final punctuation leaves', () => {
    expect(astroAnchors([{ text: 'Deploy 🚀' }, { text: 'Qu’est-ce que Harbor ?' }, { text: 'Deploy' }])).toEqual(['deploy', 'quest-ce-que-harbor', 'deploy']);
  });
});

describe('vitepressAnchors', () => {
  test("VitePress' slugify: accents removed, punctuation runs to one dash, leading digit prefixed", () => {
    expect(vitepressSlug('Überblick & Ziele')).toBe('uberblick-ziele');
    expect(vitepressSlug('1. Configure')).toBe('_1-configure');
    expect(vitepressSlug('<Content />')).toBe('content');
    expect(vitepressSlug('中文标题')).toBe('中文标题');
  });

  test('repeats get -1, -2 and custom ids take their name', () => {
    expect(vitepressAnchors([{ text: 'Install' }, { text: 'x', customId: 'install-1' }, { text: 'Install' }, { text: 'Install' }])).toEqual([
      'install',
      'install-1',
      'install-2',
      'install-3',
    ]);
  });
});

describe('pythonMarkdownAnchors (MkDocs)', () => {
  test('ASCII-folded slugs, non-ASCII dropped, repeats get _1, an empty slug becomes _1', () => {
    expect(pythonMarkdownSlug('Überprüfen')).toBe('uberprufen');
    expect(pythonMarkdownAnchors()([{ text: 'Color palette' }, { text: 'Color palette' }, { text: 'Color palette' }, { text: '中文' }])).toEqual([
      'color-palette',
      'color-palette_1',
      'color-palette_2',
      '_1',
    ]);
  });

  test('attr_list ids are reserved before any slug is made', () => {
    expect(pythonMarkdownAnchors()([{ text: 'Usage' }, { text: 'Other', customId: 'usage' }])).toEqual(['usage_1', 'usage']);
  });

  test('a Unicode slugify keeps letters of every script', () => {
    expect(pythonMarkdownAnchors({ unicode: true })([{ text: 'Grün & Blau' }])).toEqual(['grün-blau']);
  });
});
