import type { TokenStream } from 'prismjs';
import { describe, expect, it } from 'vitest';
import { highlightCode, normaliseLanguage } from './highlight.js';

/** The marked pieces of the code as `[type, text]`, each under its innermost token's type. */
function tokensOf(code: string, language: string): Array<[string, string]> {
  const result = highlightCode(code, language);
  expect(result, language).not.toBeNull();
  const found: Array<[string, string]> = [];
  const visit = (stream: TokenStream, type: string) => {
    if (typeof stream === 'string') {
      if (type !== '' && stream.trim() !== '') found.push([type, stream]);
    } else if (Array.isArray(stream)) {
      for (const item of stream) visit(item, type);
    } else {
      visit(stream.content, stream.type);
    }
  };
  visit(result!.tokens, '');
  return found;
}

describe('highlightCode', () => {
  it('marks keywords, strings, numbers, names and comments in every highlighted language and alias', () => {
    const cases: Array<[string, string, Array<[string, string]>]> = [
      ['ts', 'const answer: number = 42;', [['keyword', 'const'], ['builtin', 'number'], ['number', '42']]],
      ['typescript', 'interface Options { open?: boolean }', [['keyword', 'interface'], ['class-name', 'Options'], ['builtin', 'boolean']]],
      ['tsx', 'const a: string = <Panel open={true} />;', [['builtin', 'string'], ['class-name', 'Panel'], ['attr-name', 'open'], ['boolean', 'true']]],
      ['js', 'function run() { return "1"; } // done', [['keyword', 'function'], ['function', 'run'], ['string', '"1"'], ['comment', '// done']]],
      ['javascript', 'let total = 0.5;', [['keyword', 'let'], ['number', '0.5']]],
      ['jsx', '<Button label="Ask">Hi</Button>', [['class-name', 'Button'], ['attr-name', 'label'], ['plain-text', 'Hi']]],
      ['json', '{ "a": true, "b": null, "c": 5 }', [['property', '"a"'], ['boolean', 'true'], ['null', 'null'], ['number', '5']]],
      ['bash', 'npm install docent # comment', [['function', 'npm'], ['comment', '# comment']]],
      ['sh', 'export KEY="svc $TOKEN"', [['builtin', 'export'], ['assign-left', 'KEY'], ['string', '"svc '], ['variable', '$TOKEN']]],
      ['shell', 'curl -X POST', [['function', 'curl'], ['parameter', '-X']]],
      ['zsh', 'if [ -f .env ]; then echo ok; fi', [['keyword', 'if'], ['keyword', 'then'], ['builtin', 'echo'], ['keyword', 'fi']]],
      ['console', '$ npm start\nready on port 4173', [['shell-symbol', '$'], ['function', 'npm'], ['output', 'ready on port 4173']]],
      ['html', '<div class="x"><!-- note --></div>', [['punctuation', '<'], ['tag', 'div'], ['attr-name', 'class'], ['attr-value', 'x'], ['comment', '<!-- note -->']]],
      ['xml', '<?xml version="1.0"?><a href="b"/>', [['prolog', '<?xml version="1.0"?>'], ['tag', 'a'], ['attr-name', 'href']]],
      ['css', '.a { color: red; }', [['class', '.a'], ['property', 'color']]],
      ['python', 'def run():\n    return "x"  # why', [['keyword', 'def'], ['function', 'run'], ['keyword', 'return'], ['string', '"x"'], ['comment', '# why']]],
      ['py', 'class Client(Base):\n    enabled = True', [['keyword', 'class'], ['class-name', 'Client'], ['boolean', 'True']]],
      ['yaml', 'key: value\ncount: 3 # note', [['key', 'key'], ['number', '3'], ['comment', '# note']]],
      ['yml', 'enabled: true\nname: "docent"', [['key', 'enabled'], ['boolean', 'true'], ['string', '"docent"']]],
    ];
    for (const [language, code, expected] of cases) {
      expect(tokensOf(code, language), language).toEqual(expect.arrayContaining(expected));
    }
  });

  it('highlights the code embedded in HTML: scripts, styles and event handlers', () => {
    const found = tokensOf(
      '<style>.a { color: red }</style><script>const a = 1;</script><button onclick="open()">Ask</button>',
      'html',
    );
    expect(found).toEqual(
      expect.arrayContaining([
        ['class', '.a'],
        ['property', 'color'],
        ['keyword', 'const'],
        ['number', '1'],
        ['function', 'open'],
      ]),
    );
  });

  it('returns the fence language lower-cased, with the tokens', () => {
    const result = highlightCode('const a = 1', 'TS');
    expect(result?.language).toBe('ts');
    expect(Array.isArray(result?.tokens)).toBe(true);
  });

  it('returns null for no language or one it does not highlight', () => {
    expect(highlightCode('x', undefined)).toBeNull();
    expect(highlightCode('x', '')).toBeNull();
    expect(highlightCode('x', 'brainfuck')).toBeNull();
    expect(highlightCode('x', 'text')).toBeNull();
    // Names of Prism's own helpers and of object prototype members are not languages.
    expect(highlightCode('x', 'extend')).toBeNull();
    expect(highlightCode('x', 'insertBefore')).toBeNull();
    expect(highlightCode('x', 'constructor')).toBeNull();
    expect(highlightCode('x', '__proto__')).toBeNull();
  });

  it('reads the language from a fence info string', () => {
    expect(normaliseLanguage('TypeScript title="a.ts"')).toBe('typescript');
    expect(normaliseLanguage('{.python}')).toBe('python');
    expect(normaliseLanguage('  ')).toBeUndefined();
  });

  it('leaves no Prism global behind', () => {
    // Prism's core writes `Prism` to the global object as it loads (in Node through `global`).
    expect(Object.hasOwn(globalThis, 'Prism')).toBe(false);
  });
});

describe('the compact CSS grammar', () => {
  it('tells selectors, properties, values, at-rules and comments apart', () => {
    const found = tokensOf(
      '/* theme */\n@media (max-width: 640px) {\n  .docent-root:hover, #panel > a[href="x"] {\n    --docent-accent: #7c3aed;\n    border-radius: 12px !important;\n    font-family: "Inter", sans-serif;\n    width: calc(100% - 2rem);\n    color: var(--docent-text);\n    background: url(/a.png);\n  }\n}',
      'css',
    );
    expect(found).toEqual(
      expect.arrayContaining([
        ['comment', '/* theme */'],
        ['rule', '@media'],
        ['property', 'max-width'],
        ['number', '640px'],
        ['class', '.docent-root'],
        ['pseudo-class', ':hover'],
        ['id', '#panel'],
        ['tag', 'a'],
        ['string', '"x"'],
        ['property', '--docent-accent'],
        ['number', '#7c3aed'],
        ['property', 'border-radius'],
        ['number', '12px'],
        ['important', '!important'],
        ['string', '"Inter"'],
        ['function', 'calc'],
        ['number', '100%'],
        ['number', '2rem'],
        ['variable', '--docent-text'],
        ['url', 'url(/a.png)'],
      ]),
    );
  });

  it('does not take a pseudo-class for a property, nor the digits of a name for a number', () => {
    const found = tokensOf('a:hover, h1::before { margin: 0 }', 'css');
    expect(found).toEqual(expect.arrayContaining([['tag', 'a'], ['pseudo-class', ':hover'], ['tag', 'h1'], ['pseudo-class', '::before']]));
    expect(found.filter(([type]) => type === 'property')).toEqual([['property', 'margin']]);
    expect(found.filter(([type]) => type === 'number')).toEqual([['number', '0']]);
  });
});

describe('the compact Bash grammar', () => {
  const commands = (code: string, language = 'bash') =>
    tokensOf(code, language)
      .filter(([type]) => type === 'function')
      .map(([, text]) => text);

  it('finds commands by their place: line starts, after pipes, lists, assignments, then/do/sudo and $(', () => {
    expect(
      commands(
        'PORT=8080 HOST=0.0.0.0 npm start\nls -la | grep docent && docent ask "x"; echo done\nif test -f a; then sudo systemctl restart nginx; fi\nfor f in *.md; do wc -l "$f"; done\necho "$(date +%s)" `whoami`',
      ),
    ).toEqual(['npm', 'ls', 'grep', 'docent', 'systemctl', 'wc', 'date', 'whoami']);
  });

  it('does not take arguments on continued lines, or words in strings, comments and here-documents, for commands', () => {
    expect(
      commands("curl -X POST \\\n  https://api.example.com/v2 \\\n  -d 'one; two\nthree'\n# run this; then that\ncat <<EOF\nnpm start\nEOF\nnode server.js"),
    ).toEqual(['curl', 'cat', 'node']);
  });

  it('marks strings with their variables, assignments, flags, keywords, builtins, numbers and comments', () => {
    expect(tokensOf('export API_KEY="svc_${NAME}" # why\nset -e\nsleep 5 || exit 1', 'bash')).toEqual(
      expect.arrayContaining([
        ['builtin', 'export'],
        ['assign-left', 'API_KEY'],
        ['string', '"svc_'],
        ['variable', '${NAME}'],
        ['comment', '# why'],
        ['builtin', 'set'],
        ['parameter', '-e'],
        ['number', '5'],
        ['operator', '||'],
        ['builtin', 'exit'],
      ]),
    );
  });

  it('tells prompts, commands (also continued ones) and output apart in a console session', () => {
    expect(tokensOf('$ npm start\n> docent@0.1.0 start\nuser@host:~/docent$ docent ask "x" \\\n  --domain demo\nListening on 4173', 'console')).toEqual([
      ['shell-symbol', '$'],
      ['function', 'npm'],
      ['bash', ' start'],
      ['output', '> docent@0.1.0 start'],
      ['shell-symbol', 'user@host:~/docent$'],
      ['function', 'docent'],
      ['bash', ' ask '],
      ['string', '"x"'],
      ['punctuation', '\\'],
      ['parameter', '--domain'],
      ['bash', ' demo'],
      ['output', 'Listening on 4173'],
    ]);
  });
});
