import path from 'node:path';
import { withoutFrontMatter } from '../front-matter';
import { readIncludedFile, type BudgetedIncludeSite } from '../included-files';
import { FenceTracker, rewriteLinesOutsideFences } from '../line-scanner';

const maximumDepth = 8;
const includeTag = /\{%\s*include\s+["']([^"']+)["']\s*%\}/g;

/**
 * Replaces GitBook's reusable-content links (`{% include "../.gitbook/includes/setup.md" %}`,
 * relative to the including file) by the file's text without its front matter, outside fenced
 * code, nested; a file that cannot be read, or lies outside the project, leaves the link, which
 * {@link gitbookBlocksAsMarkdown} then drops.
 */
export async function expandGitbookIncludes(source: string, file: string, context: BudgetedIncludeSite, depth = 0): Promise<string> {
  if (depth > maximumDepth || !source.includes('include')) return source;
  const fences = new FenceTracker();
  const lines = source.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (fences.inCode(line.trimStart()) || !line.includes('{%')) continue;
    let expanded = '';
    let last = 0;
    for (const match of line.matchAll(includeTag)) {
      expanded += line.slice(last, match.index);
      last = (match.index ?? 0) + match[0].length;
      const target = path.join(path.dirname(file), match[1] ?? '');
      const content = await readIncludedFile(target, context, context.budget);
      if (content === undefined) {
        expanded += match[0];
        continue;
      }
      expanded += await expandGitbookIncludes(withoutFrontMatter(content).trim(), target, context, depth + 1);
    }
    lines[index] = expanded + line.slice(last);
  }
  return lines.join('\n');
}

// `{% name attributes %}` and `{% endname %}`: GitBook's block tags, wherever on a line.
const blockTag = /\{%\s*(end)?([a-z][\w-]*)\b((?:[^%"]|"[^"]*"|%(?!\}))*)%\}/gi;

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`).exec(attributes)?.[1];
}

/**
 * GitBook's blocks (`{% hint style="info" %}`, `{% tabs %}{% tab title="npm" %}`, `{% code
 * title="app.js" %}`, `{% stepper %}{% step %}`, `{% embed url="…" %}`, `{% content-ref %}`,
 * `{% columns %}`, `{% if … %}`, `{% updates %}{% update date="…" %}`…) as the Markdown they show,
 * outside fenced and inline code: the tags go and what they hold stays, a tab's and a code
 * block's `title` and an update's `date` become a bold line before it, an embed its address as a link. Each tag
 * leaves an empty line in its place, so what a tag opened reads as blocks of its own.
 */
export function gitbookBlocksAsMarkdown(source: string): string {
  if (!source.includes('{%')) return source;
  return rewriteLinesOutsideFences(source, (line) => {
    if (!line.includes('{%')) return line;
    const indentation = /^\s*/.exec(line)?.[0] ?? '';
    return line.replace(blockTag, (tag: string, end: string | undefined, name: string, attributes: string, offset: number) => {
      // A tag shown in inline code (`{% include %}`) is text.
      if ((line.slice(0, offset).match(/`/g)?.length ?? 0) % 2 === 1) return tag;
      if (end !== undefined) return '\n';
      const lead = (text: string | undefined) => (text === undefined || text.trim() === '' ? '\n' : `\n${indentation}**${text.trim()}**\n\n`);
      switch (name.toLowerCase()) {
        case 'tab':
        case 'code':
          return lead(attribute(attributes, 'title'));
        case 'update':
          return lead(attribute(attributes, 'date'));
        case 'embed':
        case 'file': {
          const url = attribute(attributes, name.toLowerCase() === 'embed' ? 'url' : 'src');
          return url === undefined ? '\n' : `\n${indentation}[${url}](${url})\n\n`;
        }
        default:
          return '\n';
      }
    });
  });
}
