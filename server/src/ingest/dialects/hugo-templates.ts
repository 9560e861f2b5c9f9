/**
 * What a shortcode template (`layouts/shortcodes/<name>.md`, or a simple `.html` one) sees when it
 * runs: the call's arguments and content, the page's and the site's params, the page's title.
 */
export interface TemplateScope {
  /** Named arguments (lower-case keys) and positional ones. */
  named: ReadonlyMap<string, string>;
  positional: readonly string[];
  /** The content of a paired call, `''` for a standalone one. */
  inner: string;
  /** The page's front matter (its params: `.Page.Params.code.go`). */
  pageParams: Record<string, unknown>;
  /** The site's `params`. */
  siteParams: Record<string, unknown>;
  /** The page's title. */
  pageTitle?: string;
}

type Node = { kind: 'text'; text: string } | { kind: 'action'; code: string } | { kind: 'block'; keyword: 'if' | 'with' | 'range'; code: string; body: Node[]; otherwise: Node[] };

/**
 * Runs the part of Go's template language a Markdown shortcode template needs to show its text:
 * fields (`.Page.Params.x`, `.Site.Params.x`, `.Inner`, `.Get "name"`, `.Get 0`, `.`, `$`),
 * string literals, pipelines whose functions only mark or render text (`| safeHTML`,
 * `| markdownify`: the value as it is), `if`, `with`, `range` over a list (with `else`), comments
 * and `{{-`/`-}}` trimming. Anything else (variables, function calls, `define`, `partial`) shows
 * nothing, and a `range` that declares variables is left out: its body needs them.
 *
 * @example renderMarkdownTemplate('{{ with .Page.Params.code }}\n{{ . }}\n{{ end }}', scope) // the page's `code` param
 */
export function renderMarkdownTemplate(template: string, scope: TemplateScope): string {
  const root = contextOf(scope);
  return render(parse(tokens(template)), root, root);
}

/**
 * Runs a template only when every action in it is one {@link renderMarkdownTemplate} runs (no
 * variable, function or partial), so what it shows is what Hugo shows: an HTML template that
 * picks a value by its arguments (`{{ if .Get "short" }}1.14{{ else }}1.14.1{{ end }}`).
 *
 * @returns what it shows, or `undefined` when it does more than that
 */
export function renderSimpleTemplate(template: string, scope: TemplateScope): string | undefined {
  const list = tokens(template);
  const supported = list.every((token) => {
    if (!('code' in token)) return true;
    const code = token.code;
    if (code.startsWith('/*') || /^(?:end|else)$/.test(code)) return true;
    const keyword = /^(?:if|with|else\s+if|else\s+with)\s+/.exec(code)?.[0];
    return evaluable(keyword === undefined ? code : code.slice(keyword.length));
  });
  return supported ? renderMarkdownTemplate(template, scope) : undefined;
}

// A pipeline {@link evaluate} reads in full: one field, `.`, `$`, `.Get` or a literal, no functions.
function evaluable(code: string): boolean {
  const command = code.trim();
  return /^"(?:[^"\\]|\\.)*"$|^`[^`]*`$|^(\$?)\.Get\s+(?:"[^"]*"|\d+)$|^\.$|^\$$|^\$?(?:\.[A-Za-z_]\w*)+$/.test(command);
}

function contextOf(scope: TemplateScope): Record<string, unknown> {
  const params = Object.fromEntries(scope.named);
  return {
    page: { params: scope.pageParams, title: scope.pageTitle ?? '' },
    site: { params: scope.siteParams },
    inner: scope.inner,
    innerdeindent: scope.inner,
    params,
    get: (key: string | number) => (typeof key === 'number' ? scope.positional[key] : (scope.named.get(key.toLowerCase()) ?? scope.positional[Number(key)])),
  };
}

/** The template as text and actions, `{{-` and `-}}` having trimmed the white space beside them. */
function tokens(template: string): Array<{ text: string } | { code: string }> {
  const result: Array<{ text: string } | { code: string }> = [];
  let position = 0;
  let trimNext = false;
  while (position < template.length) {
    const open = template.indexOf('{{', position);
    let text = template.slice(position, open === -1 ? template.length : open);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (open === -1) {
      result.push({ text });
      break;
    }
    const close = template.indexOf('}}', open + 2);
    if (close === -1) {
      result.push({ text: text + template.slice(open) });
      break;
    }
    let code = template.slice(open + 2, close);
    if (code.startsWith('-') && /^-\s/.test(code)) {
      text = text.replace(/\s+$/, '');
      code = code.slice(1);
    }
    trimNext = /\s-$/.test(code);
    if (trimNext) code = code.slice(0, -1);
    result.push({ text }, { code: code.trim() });
    position = close + 2;
  }
  return result;
}

function parse(list: Array<{ text: string } | { code: string }>): Node[] {
  let index = 0;
  const block = (): { nodes: Node[]; end: 'end' | 'else' | 'eof'; elseCode?: string } => {
    const nodes: Node[] = [];
    while (index < list.length) {
      const token = list[index++] as { text: string } | { code: string };
      if ('text' in token) {
        if (token.text !== '') nodes.push({ kind: 'text', text: token.text });
        continue;
      }
      const code = token.code;
      if (code.startsWith('/*')) continue;
      const keyword = /^(if|with|range|define|block|end|else)\b/.exec(code)?.[1];
      if (keyword === 'end') return { nodes, end: 'end' };
      if (keyword === 'else') return { nodes, end: 'else', elseCode: code.slice(4).trim() };
      if (keyword === 'if' || keyword === 'with' || keyword === 'range') {
        nodes.push(blockFrom(keyword, code.slice(keyword.length).trim()));
        continue;
      }
      if (keyword === 'define' || keyword === 'block') {
        skipToEnd();
        continue;
      }
      nodes.push({ kind: 'action', code });
    }
    return { nodes, end: 'eof' };
  };
  const blockFrom = (keyword: 'if' | 'with' | 'range', code: string): Node => {
    const body = block();
    let otherwise: Node[] = [];
    if (body.end === 'else') {
      const chained = /^(if|with)\b/.exec(body.elseCode ?? '')?.[1] as 'if' | 'with' | undefined;
      // `{{ else if x }}` opens a block that shares this one's `{{ end }}`.
      otherwise = chained === undefined ? block().nodes : [blockFrom(chained, (body.elseCode ?? '').slice(chained.length).trim())];
    }
    return { kind: 'block', keyword, code, body: body.nodes, otherwise };
  };
  const skipToEnd = () => {
    let depth = 1;
    while (index < list.length && depth > 0) {
      const token = list[index++] as { text: string } | { code: string };
      if (!('code' in token)) continue;
      if (/^(if|with|range|define|block)\b/.test(token.code)) depth += 1;
      else if (/^end\b/.test(token.code)) depth -= 1;
    }
  };
  return block().nodes;
}

function render(nodes: readonly Node[], dot: unknown, root: Record<string, unknown>): string {
  let output = '';
  for (const node of nodes) {
    if (node.kind === 'text') output += node.text;
    else if (node.kind === 'action') output += shown(evaluate(node.code, dot, root));
    else if (node.keyword === 'range') {
      // `range $i, $e := …`: its body uses the variables, which are not kept.
      const value = /^\$\w*\s*(?:,\s*\$\w*\s*)?:?=/.test(node.code) ? undefined : evaluate(node.code, dot, root);
      const items = Array.isArray(value) ? value : [];
      output += items.length > 0 ? items.map((item) => render(node.body, item, root)).join('') : render(node.otherwise, dot, root);
    } else {
      const value = evaluate(node.code, dot, root);
      if (truthy(value)) output += render(node.body, node.keyword === 'with' ? value : dot, root);
      else output += render(node.otherwise, dot, root);
    }
  }
  return output;
}

/** A pipeline's value: its first command, when that is a field, `.`, `$` or a string literal. */
function evaluate(code: string, dot: unknown, root: Record<string, unknown>): unknown {
  const first = (code.split('|')[0] ?? '').trim();
  const literal = /^"((?:[^"\\]|\\.)*)"$|^`([^`]*)`$/.exec(first);
  if (literal !== null) return literal[1] ?? literal[2];
  const get = /^(\$?)\.Get\s+(?:"([^"]*)"|(\d+))$/.exec(first);
  if (get !== null) return (root.get as (key: string | number) => unknown)(get[3] === undefined ? (get[2] ?? '') : Number(get[3]));
  if (first === '.') return dot;
  if (first === '$') return root;
  const field = /^(\$?)((?:\.[A-Za-z_]\w*)+)$/.exec(first);
  if (field === null) return undefined;
  let value: unknown = field[1] === '$' ? root : dot;
  for (const name of (field[2] ?? '').slice(1).split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const entries = Object.entries(value as Record<string, unknown>);
    value = entries.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  }
  return typeof value === 'function' ? undefined : value;
}

function truthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}
