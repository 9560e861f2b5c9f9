import path from 'node:path';
import type { Heading, Nodes, Root, RootContent } from 'mdast';
import { noteMissingInclude, readFileInside } from './included-files';
import { customIdOf, forgetPositions, rewriteTree, setCustomId, text } from './mdast-edits';
import { flattenMdx, jsxAttribute, propsReference, type ComponentRule, type JsxElement, type RawImports } from './mdx-components';
import type { HeadingRules } from './page-sections';

/*
 * What an MDX page's `import` lines bring onto the page: partials (`import Intro from
 * './_intro.mdx'` … `<Intro />`) and files imported as text for code components (Docusaurus'
 * `!!raw-loader!./x.js`, Vite's `./x.ts?raw`). Docusaurus and Starlight read them alike; every
 * file is read only inside the project (see `readFileInside`) and recorded as a dependency (a
 * missing one too, so the page is parsed again when it appears).
 */

/** How deep partials are followed into partials. */
const maximumPartialDepth = 5;
/**
 * How many nodes expanding partials may copy into one page: a partial used 30 times in a partial
 * used 30 times… grows as a power of the uses (it took 7 s and 0.9 GB, then failed the site).
 */
const maximumExpandedNodes = 50_000;

/** The partials being read above a file (the page first), and what their expansion may still copy. */
export interface PartialChain {
  /** Absolute paths: a partial already among them (importing itself, directly or not) is left out. */
  files: readonly string[];
  /** Nodes the page's partial expansions may still copy, shared by the whole chain. */
  budget: { nodes: number };
}

/** The chain of a page that is read from the top. */
export function pageChain(page: string): PartialChain {
  return { files: [page], budget: { nodes: maximumExpandedNodes } };
}

/** A page's imported content, by the local name the page gives it. */
interface MdxImports {
  /** Partials: their content, to put in place of `<Name />`. */
  partials: ReadonlyMap<string, Nodes[]>;
  /** Files imported as text. */
  rawFiles: RawImports;
}

/** Where and how a page's imports are read. */
export interface ImportReading {
  /** The importing page or partial (absolute): the last of `chain.files`. */
  file: string;
  /** The partials above `file`, the page first (see {@link PartialChain}). */
  chain: PartialChain;
  /** No file outside this folder is read (see `includeBoundary`). */
  boundary: string;
  /** Import path prefixes the bundler resolves to folders, e.g. Docusaurus' `@site` (the site folder). */
  aliases?: Readonly<Record<string, string>>;
  /** Reads a partial as the dialect reads a page, one link further down the chain (keeping its `{props.name}`). */
  parsePartial(source: string, file: string, chain: PartialChain): Promise<Root>;
  /** The dialect's heading rules: a partial is compiled alone, so its headings take their own anchors. */
  headings: HeadingRules;
  /** Every file read is added here, so the page is parsed again when one changes. */
  dependencies: string[];
  /**
   * Mintlify's snippets: a partial reads its props as lone names (`{word}`), in text and in its
   * code blocks, and its headings count with the page's (they are not compiled alone).
   * Default: `{props.word}` in text only, and the partial's own anchors.
   */
  snippets?: boolean;
}

/**
 * Flattens an MDX page or partial (see `flattenMdx`) with what it imports: each `<Partial />`
 * becomes the partial's content, and the dialect's code components read the files imported as
 * text through `rulesFor`. A partial's own `{props.name}` expressions stay until it is used.
 *
 * @example await flattenMdxWithImports(tree, reading, (rawFiles) => ({ Code: starlightCode(rawFiles) }))
 */
export async function flattenMdxWithImports(tree: Root, reading: ImportReading, rulesFor: (rawFiles: RawImports) => Record<string, ComponentRule>): Promise<void> {
  const imports = await readMdxImports(tree, reading);
  const snippets = reading.snippets === true;
  flattenMdx(tree, { rules: rulesFor(imports.rawFiles), expand: expandPartials(imports.partials, reading.chain, snippets), keepProps: reading.chain.files.length > 1, bareProps: snippets });
}

/**
 * Reads the partials and text files a page imports. An import that cannot be resolved, read
 * (outside the project, missing) or parsed is left out: its component then shows nothing, as
 * before.
 */
async function readMdxImports(tree: Root, reading: ImportReading): Promise<MdxImports> {
  const partials = new Map<string, Nodes[]>();
  const rawFiles = new Map<string, string>();
  for (const { name, specifier } of defaultImports(tree)) {
    const raw = /^(?:!!|-?!)?raw-loader!([^?]+)/.exec(specifier)?.[1] ?? /^([^?]+)\?raw$/.exec(specifier)?.[1];
    const markdown = raw === undefined && /\.mdx?$/.test(specifier) ? specifier : undefined;
    if (raw === undefined && (markdown === undefined || reading.chain.files.length > maximumPartialDepth)) continue;
    const file = importedFile(raw ?? (markdown as string), reading);
    if (raw === undefined && reading.chain.files.includes(file)) continue;
    const source = await readFileInside(reading.boundary, file);
    if (source === undefined) {
      noteMissingInclude(reading.boundary, file, reading.dependencies);
      continue;
    }
    reading.dependencies.push(file);
    if (raw !== undefined) {
      rawFiles.set(name, source);
      continue;
    }
    try {
      const partial = await reading.parsePartial(source, file, { files: [...reading.chain.files, file], budget: reading.chain.budget });
      forgetPositions(partial);
      if (reading.snippets !== true) fixPartialAnchors(partial, reading.headings);
      partials.set(name, partial.children.filter((node) => node.type !== 'yaml'));
    } catch {
      // A partial that cannot be parsed is left out, as its component renders nothing useful.
    }
  }
  return { partials, rawFiles };
}

/**
 * The `expand` of `flattenMdx` for a page's partials: `<Install pkg="acme" />` becomes the
 * partial's content, its `{props.pkg}` the string `acme` (a prop not given as a string shows
 * nothing, as before).
 */
function expandPartials(partials: ReadonlyMap<string, Nodes[]>, chain: PartialChain, snippets: boolean): (element: JsxElement) => Nodes[] | undefined {
  return (element) => {
    const partial = element.name === null ? undefined : partials.get(element.name);
    if (partial === undefined) return undefined;
    // Past the page's budget a partial shows nothing, as one that cannot be read.
    const size = nodeCount(partial);
    if (size > chain.budget.nodes) return [];
    chain.budget.nodes -= size;
    return withProps(partial, element, snippets);
  };
}

function nodeCount(nodes: readonly Nodes[]): number {
  let count = 0;
  const stack: Nodes[] = [...nodes];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    count += 1;
    if ('children' in node) stack.push(...(node.children as Nodes[]));
  }
  return count;
}

/**
 * A copy of a partial's content with its `{props.name}` filled in from the element's string
 * attributes; for a Mintlify snippet, its `{name}`, in code blocks too.
 */
function withProps(partial: Nodes[], element: JsxElement, snippets: boolean): Nodes[] {
  const copy: Root = { type: 'root', children: structuredClone(partial) as RootContent[] };
  rewriteTree(copy, (node) => {
    if (snippets && node.type === 'code') {
      node.value = node.value.replace(/\{([A-Za-z_$][\w$]*)\}/g, (written, name: string) => jsxAttribute(element, name) ?? written);
      return undefined;
    }
    const name = propsReference(node, snippets);
    if (name === undefined) return undefined;
    const value = jsxAttribute(element, name);
    if (value === undefined) return [];
    return node.type === 'mdxFlowExpression' ? [{ type: 'paragraph', children: [text(value)] }] : [text(value)];
  });
  return copy.children;
}

/** The default imports of a page's ESM (`import Name from 'specifier'`), from the JavaScript MDX parsed. */
function defaultImports(tree: Root): Array<{ name: string; specifier: string }> {
  const imports: Array<{ name: string; specifier: string }> = [];
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration' || typeof statement.source.value !== 'string') continue;
      const specifier = statement.specifiers.find((candidate) => candidate.type === 'ImportDefaultSpecifier');
      if (specifier !== undefined) imports.push({ name: specifier.local.name, specifier: statement.source.value });
    }
  }
  return imports;
}

/** The file an import path names: under its alias's folder (`@site/docs/x.mdx`), else relative to the importing file. */
function importedFile(importPath: string, reading: ImportReading): string {
  for (const [alias, folder] of Object.entries(reading.aliases ?? {})) {
    if (importPath.startsWith(`${alias}/`)) return path.join(folder, importPath.slice(alias.length + 1));
  }
  return path.resolve(path.dirname(reading.file), importPath);
}

/**
 * A partial is compiled as its own MDX document, so its headings take their anchors from their
 * own slugger (a `### Troubleshooting` in a partial and a `## Troubleshooting` on the page both
 * get `troubleshooting`): those anchors are fixed here, before the partial joins the page.
 */
function fixPartialAnchors(tree: Root, rules: HeadingRules): void {
  const headings: Heading[] = [];
  rewriteTree(tree, (node) => {
    if (node.type === 'heading') headings.push(node);
    return undefined;
  });
  const anchors = rules.assignAnchors(
    headings.map((heading) => {
      const customId = customIdOf(heading);
      return customId === undefined ? { text: rules.headingText(heading) } : { text: rules.headingText(heading), customId };
    }),
  );
  headings.forEach((heading, index) => setCustomId(heading, anchors[index] as string));
}
