import type { Code, Root } from 'mdast';
import { describe, expect, test } from 'vitest';
import { parseMarkdown } from '../markdown-parser';
import type { JsxElement } from '../mdx-components';
import { packageManagersRule } from './starlight-package-managers';

/** The commands `<PackageManagers …props />` shows, by package manager. */
function commands(props: string): Array<[string, string]> {
  const tree: Root = parseMarkdown(`<PackageManagers ${props} pkgManagers={['npm', 'yarn', 'pnpm', 'bun', 'deno', 'ni']} />\n`, { mdx: true });
  const nodes = packageManagersRule(tree.children[0] as JsxElement, []) ?? [];
  const result: Array<[string, string]> = [];
  for (let index = 0; index + 1 < nodes.length; index += 2) {
    const label = nodes[index];
    const name = label?.type === 'paragraph' && label.children[0]?.type === 'strong' && label.children[0].children[0]?.type === 'text' ? label.children[0].children[0].value : '?';
    result.push([name, (nodes[index + 1] as Code).value]);
  }
  return result;
}

describe('<PackageManagers> commands, per type and package manager', () => {
  test.each([
    ['pkg="astro"', ['npm i astro', 'yarn add astro', 'pnpm add astro', 'bun add astro', 'deno add astro', 'ni astro']],
    ['pkg="astro" dev', ['npm i -D astro', 'yarn add -D astro', 'pnpm add -D astro', 'bun add -d astro', 'deno add -D astro', 'ni -D astro']],
    ['type="create" pkg="astro@5.1.2" dev', ['npm create astro@5.1.2', 'yarn create astro', 'pnpm create astro@5.1.2', 'bun create astro@5.1.2']],
    ['type="dlx" pkg="serve" args="public"', ['npx serve public', 'yarn dlx serve public', 'pnpx serve public', 'bunx serve public', 'deno x serve public', 'nlx serve public']],
    ['type="exec" pkg="astro" args="add solid"', ['npx astro add solid', 'yarn astro add solid', 'pnpm astro add solid', 'bunx astro add solid', 'deno x astro add solid', 'nlx astro add solid']],
    ['type="install"', ['npm install', 'yarn install', 'pnpm install', 'bun install', 'deno install', 'ni']],
    ['type="remove" pkg="astro"', ['npm uninstall astro', 'yarn remove astro', 'pnpm remove astro', 'bun remove astro', 'deno remove astro', 'nun astro']],
    ['type="run" args={`dev`}', ['npm run dev', 'yarn run dev', 'pnpm run dev', 'bun run dev', 'deno task dev', 'nr dev']],
  ])('%s', (props, expected) => {
    expect(commands(props).map(([, command]) => command)).toEqual(expected);
  });

  test('tabs in the order the page lists them, managers without the command left out', () => {
    expect(commands('type="create" pkg="x"').map(([name]) => name)).toEqual(['npm', 'yarn', 'pnpm', 'bun']);
  });

  test('an unknown type shows nothing, as the component does, nor does a computed package or an inherited property name', () => {
    expect(commands('type="upgrade" pkg="x"')).toEqual([]);
    expect(commands('pkg={name}')).toEqual([]);
    expect(commands('type="constructor" pkg="x"')).toEqual([]);
    expect(commands('type="__proto__" pkg="x"')).toEqual([]);
  });

  test('one known manager of those listed is a bare block', () => {
    const tree: Root = parseMarkdown(`<PackageManagers pkg="astro" pkgManagers={['npm', 'nope']} />\n`, { mdx: true });
    expect(packageManagersRule(tree.children[0] as JsxElement, [])).toEqual([{ type: 'code', lang: 'sh', meta: null, value: 'npm i astro' }]);
  });
});
