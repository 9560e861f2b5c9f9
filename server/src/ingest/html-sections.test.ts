import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import { describe, expect, test } from 'vitest';
import { assignHeadingAnchors, splitHtmlSections } from './html-sections';

function sections(html: string) {
  const container = fromHtml(`<div>${html}</div>`, { fragment: true }).children[0] as Element;
  assignHeadingAnchors(container);
  return splitHtmlSections(container).map(({ heading, anchor, headingTrail }) => ({ heading, anchor, trail: headingTrail.join(' > ') }));
}

describe('the anchor a heading really has', () => {
  test("the heading's id first, then an <a id> or <a name> inside it", () => {
    expect(sections('<h2 id="own"><a id="inner"></a>Own</h2><h2><a name="named"></a>Named</h2><h2><span><a id="deep"></a></span>Deep</h2>').slice(1)).toEqual([
      { heading: 'Own', anchor: 'own', trail: '' },
      { heading: 'Named', anchor: 'named', trail: '' },
      { heading: 'Deep', anchor: 'deep', trail: '' },
    ]);
  });

  test('else the id of the <section> (or div.section) it opens, however deep the heading sits in it', () => {
    expect(sections('<section id="outer"><h1>Outer</h1><div class="section" id="inner"><div class="wrap"><h2>Inner</h2></div></div></section>').slice(1)).toEqual([
      { heading: 'Outer', anchor: 'outer', trail: '' },
      { heading: 'Inner', anchor: 'inner', trail: 'Outer' },
    ]);
  });

  test("a section's id is not given to a later heading in it, nor a plain div's id to any", () => {
    expect(sections('<section id="s"><h2>First</h2><p>x</p><h3>Second</h3></section><div id="d"><h2>Third</h2></div>').slice(1)).toEqual([
      { heading: 'First', anchor: 's', trail: '' },
      { heading: 'Second', anchor: undefined, trail: 'First' },
      { heading: 'Third', anchor: undefined, trail: '' },
    ]);
  });

  test('else an empty <a id> right before the heading; a link with text there is not a target', () => {
    expect(sections('<a id="before"></a>\n<h2>Targeted</h2><a id="worded">words</a><h2>Plain</h2>').slice(1)).toEqual([
      { heading: 'Targeted', anchor: 'before', trail: '' },
      { heading: 'Plain', anchor: undefined, trail: '' },
    ]);
  });
});

describe('splitting', () => {
  test('h1 to h3 start sections, nested under the headings above; h4 stays inside', () => {
    const container = fromHtml('<div><p>Intro</p><h1>A</h1><h2>B</h2><h3>C</h3><h4>D</h4><p>d</p><h2>E</h2></div>', { fragment: true }).children[0] as Element;
    const parts = splitHtmlSections(container);

    expect(parts.map((part) => [part.heading, part.headingTrail])).toEqual([
      [undefined, []],
      ['A', []],
      ['B', ['A']],
      ['C', ['A', 'B']],
      ['E', ['A']],
    ]);
    expect(parts[3]?.nodes.filter((node) => node.type === 'element').map((node) => (node as Element).tagName)).toEqual(['h4', 'p']);
  });

  test('a heading inside a table, list or details belongs to its section', () => {
    expect(sections('<h2 id="a">A</h2><table><tr><td><h2>In table</h2></td></tr></table><ul><li><h3>In list</h3></li></ul><details><summary>More</summary><h2>In details</h2></details>').map((part) => part.heading)).toEqual([
      undefined,
      'A',
    ]);
  });

  test('a heading with no text is content, not a section', () => {
    expect(sections('<h2 id="a">A</h2><h2 id="b"><img src="x.png"></h2>').map((part) => part.heading)).toEqual([undefined, 'A']);
  });
});

describe('API reference entries', () => {
  const api = [
    '<h2 id="app">Application</h2><p>Intro.</p>',
    '<dl class="py class"><dt id="flask.Flask">class flask.Flask(import_name)<a class="headerlink" href="#flask.Flask">¶</a></dt><dd><p>The app.</p>',
    '<dl class="py method"><dt id="flask.Flask.route">route(rule, **options)</dt><dd><p>Decorates a view.</p></dd></dl>',
    '<dl class="py property"><dt id="flask.Flask.debug">property debug: bool</dt><dd><p>Debug mode.</p></dd></dl>',
    '</dd></dl><p>After the class.</p><h2 id="next">Next</h2>',
  ].join('');

  test('a term with an id starts a section below the headings, nested as the lists are; what follows the list is the section before it', () => {
    expect(sections(api)).toEqual([
      { heading: undefined, anchor: undefined, trail: '' },
      { heading: 'Application', anchor: 'app', trail: '' },
      { heading: 'class flask.Flask', anchor: 'flask.Flask', trail: 'Application' },
      { heading: 'route', anchor: 'flask.Flask.route', trail: 'Application > class flask.Flask' },
      { heading: 'property debug', anchor: 'flask.Flask.debug', trail: 'Application > class flask.Flask' },
      { heading: 'Next', anchor: 'next', trail: '' },
    ]);
    const container = fromHtml(`<div>${api}</div>`, { fragment: true }).children[0] as Element;
    const parts = splitHtmlSections(container);
    const texts = (index: number) => parts[index]?.nodes.map((node) => toString(node)).filter((text) => text.trim() !== '');
    expect(texts(1)).toEqual(['Intro.', 'After the class.']);
    expect(texts(2)).toEqual(['class flask.Flask(import_name)', 'The app.']);
    expect(texts(3)).toEqual(['route(rule, **options)', 'Decorates a view.']);
  });

  test('terms one after another share their description: one entry at the first id; lists without ids stay whole', () => {
    const html =
      '<h2 id="g">Glossary</h2><dl class="glossary"><dt id="term-a">A</dt><dd><p>about A</p></dd><dt>B</dt><dt id="term-c">C</dt><dd><p>about B and C</p></dd><dt id="term-d"><a class="headerlink" href="#term-d">¶</a></dt><dd><p>unnamed</p></dd></dl>' +
      '<dl class="field-list"><dt>Parameters</dt><dd><p>rule – the rule</p></dd></dl><dl><dt id="lonely">No description</dt></dl>';
    expect(sections(html)).toEqual([
      { heading: undefined, anchor: undefined, trail: '' },
      { heading: 'Glossary', anchor: 'g', trail: '' },
      { heading: 'A', anchor: 'term-a', trail: 'Glossary' },
      { heading: 'B', anchor: 'term-c', trail: 'Glossary' },
      { heading: 'term-d', anchor: 'term-d', trail: 'Glossary' },
    ]);
    const container = fromHtml(`<div>${html}</div>`, { fragment: true }).children[0] as Element;
    const texts = splitHtmlSections(container).map((part) => part.nodes.map((node) => toString(node)).filter((text) => text.trim() !== ''));
    expect(texts.slice(1)).toEqual([['Parametersrule – the rule', 'No description'], ['A', 'about A'], ['B', 'C', 'about B and C'], ['unnamed']]);
  });
});
