import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { commentEnd, objectSetting } from './config-literals';

/**
 * The import aliases a site's `tsconfig.json` declares in `compilerOptions.paths`, as folders:
 * `"@/*": ["src/*"]` gives `{ '@': '<site>/src' }`, so a page's
 * `import Errors from '@/components/generated/errors.md'` reads `<site>/src/components/generated/errors.md`,
 * as Astro (through Vite) resolves it. Targets are relative to `baseUrl` when it is set, else to
 * the tsconfig's folder. Only wildcard entries (`"x/*": ["y/*"]`) alias a folder, and only their
 * first target counts. `extends` is not followed: a site declares its own aliases.
 *
 * tsconfig files are JSON with comments and trailing commas (JSONC), read as such. A missing or
 * unreadable file gives no aliases: the imports it would resolve are then dropped, as those of
 * components are.
 *
 * @param folder the folder holding `tsconfig.json` (the site's, beside the generator's config)
 * @example await tsconfigAliases('/site') // { '@': '/site/src' }
 */
export async function tsconfigAliases(folder: string): Promise<Record<string, string>> {
  let source: string;
  try {
    source = await readFile(path.join(folder, 'tsconfig.json'), 'utf8');
  } catch {
    return {};
  }
  let config: unknown;
  try {
    config = JSON.parse(withoutJsoncExtras(source));
  } catch {
    return {};
  }
  const options = objectSetting(objectSetting(config)?.compilerOptions) ?? {};
  const base = path.resolve(folder, typeof options.baseUrl === 'string' ? options.baseUrl : '.');
  const aliases: Record<string, string> = {};
  for (const [pattern, targets] of Object.entries(objectSetting(options.paths) ?? {})) {
    const target: unknown = Array.isArray(targets) ? targets[0] : undefined;
    if (!pattern.endsWith('/*') || typeof target !== 'string' || !target.endsWith('/*')) continue;
    const alias = pattern.slice(0, -2);
    if (alias !== '' && !alias.includes('*')) aliases[alias] = path.resolve(base, target.slice(0, -2));
  }
  return aliases;
}

/**
 * JSONC as JSON: comments (`// …`, `/* … *\/`) and commas before a closing bracket or brace
 * removed, strings kept as written. One pass.
 */
export function withoutJsoncExtras(source: string): string {
  let out = '';
  let index = 0;
  // Where the last comma written to `out` is, while only whitespace and comments have followed it.
  let pendingComma = -1;
  while (index < source.length) {
    const char = source[index] as string;
    const afterComment = commentEnd(source, index);
    if (char === '"') {
      const end = stringEnd(source, index);
      out += source.slice(index, end);
      index = end;
      pendingComma = -1;
    } else if (afterComment !== undefined) {
      index = afterComment;
    } else {
      if ((char === '}' || char === ']') && pendingComma !== -1) out = out.slice(0, pendingComma) + out.slice(pendingComma + 1);
      if (char === ',') pendingComma = out.length;
      else if (!/\s/.test(char)) pendingComma = -1;
      out += char;
      index += 1;
    }
  }
  return out;
}

// The index after the string that opens at `start` (a backslash escapes the next character).
function stringEnd(source: string, start: number): number {
  let index = start + 1;
  while (index < source.length && source[index] !== '"') index += source[index] === '\\' ? 2 : 1;
  return Math.min(index + 1, source.length);
}
