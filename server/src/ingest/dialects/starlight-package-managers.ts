import type { Code, Nodes, PhrasingContent } from 'mdast';
import { jsxExpressionAttribute, literalValue, type ComponentRule, type JsxElement } from '../mdx-components';
import { boldLine, text } from '../mdast-edits';

/*
 * The `<PackageManagers>` component of the starlight-package-managers plugin (read at its
 * version 0.12): one tab per package manager, each showing the command that does the same thing
 * with that manager. Without a rule it renders nothing here, and "how do I install it" loses its
 * answer.
 */

/** The commands the component knows (its `type` prop); `add` when none is given. */
type CommandType = 'add' | 'create' | 'dlx' | 'exec' | 'install' | 'remove' | 'run';

/** How one package manager writes each command, and its flag for a development dependency. */
interface ManagerCommands {
  commands: Partial<Record<CommandType, string>>;
  devFlag: string;
}

// A manager without a command for a type has no tab for it (deno and ni cannot `create`).
const managers: Record<string, ManagerCommands> = {
  npm: { devFlag: '-D', commands: { add: 'npm i', create: 'npm create', dlx: 'npx', exec: 'npx', install: 'npm install', remove: 'npm uninstall', run: 'npm run' } },
  yarn: { devFlag: '-D', commands: { add: 'yarn add', create: 'yarn create', dlx: 'yarn dlx', exec: 'yarn', install: 'yarn install', remove: 'yarn remove', run: 'yarn run' } },
  pnpm: { devFlag: '-D', commands: { add: 'pnpm add', create: 'pnpm create', dlx: 'pnpx', exec: 'pnpm', install: 'pnpm install', remove: 'pnpm remove', run: 'pnpm run' } },
  bun: { devFlag: '-d', commands: { add: 'bun add', create: 'bun create', dlx: 'bunx', exec: 'bunx', install: 'bun install', remove: 'bun remove', run: 'bun run' } },
  deno: { devFlag: '-D', commands: { add: 'deno add', dlx: 'deno x', exec: 'deno x', install: 'deno install', remove: 'deno remove', run: 'deno task' } },
  ni: { devFlag: '-D', commands: { add: 'ni', dlx: 'nlx', exec: 'nlx', install: 'ni', remove: 'nun', run: 'nr' } },
};

/** The tabs shown when the page does not choose (`pkgManagers`). */
const defaultManagers = ['npm', 'pnpm', 'yarn'];

// The command types after which npm passes `args` straight on; for the others it needs `--` first.
const npmDirectArguments = new Set<string>(['dlx', 'exec', 'run']);

/** The props that shape a command. */
interface CommandProps {
  type: string;
  pkg?: string;
  dev: boolean;
  args?: string;
  prefix?: string;
  comment?: string;
}

/**
 * `<PackageManagers pkg="astro" />` as the commands it shows: for each package manager (the
 * `pkgManagers` list, else npm, pnpm and yarn; those without the command left out) its name as
 * a bold line, then a ```` ```sh ```` block with its command, as Starlight's tabs read; one
 * manager alone is its code block only, as the component shows no tabs then. The `title` prop
 * is the blocks' title. Props that are not written as literals count as absent; an unknown
 * `type` shows nothing, as the component does.
 *
 * @example <PackageManagers pkg="astro" dev /> // **npm** ```sh npm i -D astro```, **pnpm** ```sh pnpm add -D astro```, **yarn** ```sh yarn add -D astro```
 */
export const packageManagersRule: ComponentRule = (element) => {
  // A package named by a computed value (`pkg={name}`): its commands are unknown, and `npm i`
  // alone would read as "install everything".
  if (attributeOf(element, 'pkg') !== undefined && stringProp(element, 'pkg') === undefined) return [];
  const props: CommandProps = { type: stringProp(element, 'type') ?? 'add', dev: booleanProp(element, 'dev') };
  for (const name of ['pkg', 'args', 'prefix', 'comment'] as const) {
    const value = stringProp(element, name);
    if (value !== undefined) props[name] = value;
  }
  const chosen = literalValue(jsxExpressionAttribute(element, 'pkgManagers'));
  const names = Array.isArray(chosen) ? chosen.filter((name): name is string => typeof name === 'string' && Object.hasOwn(managers, name)) : defaultManagers;
  const tabs = names.flatMap((name) => {
    const command = commandFor(name, props);
    return command === undefined ? [] : [{ name, command }];
  });
  if (element.type === 'mdxJsxTextElement') return tabs.flatMap(({ name, command }, index): PhrasingContent[] => [...(index === 0 ? [] : [text(', ')]), { type: 'strong', children: [text(name)] }, text(' '), { type: 'inlineCode', value: command }]);
  const title = stringProp(element, 'title');
  const block = (command: string): Code => ({ type: 'code', lang: 'sh', meta: title === undefined || title.trim() === '' ? null : titleMeta(title), value: command });
  if (Array.isArray(chosen) && names.length === 1) return tabs.map(({ command }) => block(command));
  return tabs.flatMap(({ name, command }): Nodes[] => [boldLine(name), block(command)]);
};

/**
 * The command one package manager runs for the props, or `undefined` when it has none of that
 * type: an optional `prefix` (`DEBUG=true`), the command, `dev`'s flag (for `add`), the
 * packages (yarn's `create` without the `@version` it does not accept), then `args` (npm puts
 * `--` before them unless it runs a binary or a script); a `comment` as a `#` line above, its
 * `{PKG}` the manager's name.
 */
function commandFor(name: string, props: CommandProps): string | undefined {
  const manager = Object.hasOwn(managers, name) ? managers[name] : undefined;
  const base = manager !== undefined && Object.hasOwn(manager.commands, props.type) ? manager.commands[props.type as CommandType] : undefined;
  if (manager === undefined || base === undefined) return undefined;
  const parts = [props.prefix, base];
  if (props.type === 'add' && props.dev) parts.push(manager.devFlag);
  if (props.pkg !== undefined && props.pkg !== '') parts.push(name === 'yarn' && props.type === 'create' ? withoutFirstVersion(props.pkg) : props.pkg);
  if (props.args !== undefined && props.args !== '') {
    if (name === 'npm' && !npmDirectArguments.has(props.type)) parts.push('--');
    parts.push(props.args);
  }
  const command = parts.filter((part) => part !== undefined && part !== '').join(' ');
  return props.comment === undefined || props.comment === '' ? command : `# ${props.comment.split('{PKG}').join(name)}\n${command}`;
}

/** `astro@latest --x` → `astro --x`: the first `@` and what follows it up to a space removed, as the component does for yarn. */
function withoutFirstVersion(packages: string): string {
  const at = packages.indexOf('@');
  if (at < 0) return packages;
  const space = packages.slice(at).search(/\s/);
  return packages.slice(0, at) + (space < 0 ? '' : packages.slice(at + space));
}

/** A code block's `title` meta option (as `<Code title>` is written). */
function titleMeta(title: string): string {
  return title.includes('"') ? `title='${title}'` : `title="${title}"`;
}

/** The attribute `name` of an element, whatever its value (`undefined` when absent). */
function attributeOf(element: JsxElement, name: string) {
  return element.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === name);
}

/** A prop written as a string (`args="dev"`) or a string literal in braces (``args={`dev`}``). */
function stringProp(element: JsxElement, name: string): string | undefined {
  const attribute = attributeOf(element, name);
  if (attribute === undefined) return undefined;
  if (typeof attribute.value === 'string') return attribute.value;
  const value = literalValue(jsxExpressionAttribute(element, name));
  return typeof value === 'string' ? value : undefined;
}

/** A boolean prop: `dev` alone or `dev={true}` (any truthy literal, as JavaScript reads it). */
function booleanProp(element: JsxElement, name: string): boolean {
  const attribute = attributeOf(element, name);
  if (attribute === undefined) return false;
  if (attribute.value === null || attribute.value === undefined) return true;
  if (typeof attribute.value === 'string') return attribute.value !== '';
  return Boolean(literalValue(jsxExpressionAttribute(element, name)));
}
