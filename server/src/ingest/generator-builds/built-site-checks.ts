import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ElementContent, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toString as hastToString } from 'hast-util-to-string';
import type { IngestedDocs } from '../ingested-docs';
import { linkUrls } from '../testing/markdown-links';

// Helpers of the generator-build checks: a fixture site is built by its generator itself, and what
// Docent ingests from its sources is compared with the HTML the generator really writes.

/** Root of the Docent checkout. */
export const projectRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * Copies a fixture site into `node_modules/.cache/docent-generator-builds/<name>-<pid>` and returns
 * that folder. Inside the project, so a build there resolves the generator, its theme and their
 * dependencies from the project's node_modules; per process, so parallel runs do not collide.
 */
export async function copyFixtureSite(fixture: string, name: string): Promise<string> {
  const site = path.join(projectRoot, 'node_modules/.cache/docent-generator-builds', `${name}-${process.pid}`);
  await rm(site, { recursive: true, force: true });
  await mkdir(path.dirname(site), { recursive: true });
  await cp(fixture, site, { recursive: true });
  return site;
}

/**
 * Runs a generator's command-line script with Node, in `cwd`, with update checks and telemetry
 * off. A failed build throws with the generator's own output, which says what went wrong.
 */
export async function runGenerator(script: string, args: readonly string[], options: { cwd: string; env?: Record<string, string>; timeout: number }): Promise<void> {
  if (!existsSync(script)) throw new Error(`${path.relative(projectRoot, script)} is missing: the generator is a devDependency, install it with npm ci.`);
  try {
    await promisify(execFile)(process.execPath, [script, ...args], {
      cwd: options.cwd,
      timeout: options.timeout,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', ASTRO_TELEMETRY_DISABLED: '1', ...options.env },
    });
  } catch (error) {
    const output = error as { stdout?: string; stderr?: string; message: string };
    const tail = `${output.stdout ?? ''}\n${output.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(`${path.basename(script)} ${args.join(' ')} failed: ${output.message}\n${tail}`);
  }
}

/**
 * The built file a page path is served from: `<path>.html` or `<path>/index.html` (trailing
 * slash or not), `index.html` for the root; `undefined` when the build has no such page.
 */
export function builtPageFile(builtRoot: string, pagePath: string): string | undefined {
  const trimmed = decodeURI(pagePath).replace(/^\/+|\/+$/g, '');
  // A page served at its file's own name (`guide/install.html`, as Sphinx serves it) first.
  const candidates = trimmed === '' ? ['index.html'] : [...(trimmed.endsWith('.html') ? [trimmed] : []), `${trimmed}.html`, `${trimmed}/index.html`];
  return candidates.map((candidate) => path.join(builtRoot, candidate)).find((file) => existsSync(file));
}

/** Where a theme puts a page's Markdown content, so its headings are told from the theme's own. */
export interface BuiltTheme {
  /** Selector of the element holding the rendered Markdown. */
  content: string;
  /** Selector of theme elements inside the content that are not content (anchor links beside headings). */
  chrome?: string;
}

/** A heading of a built page's content (`h2` or `h3`, the levels Docent splits sections at). */
export interface BuiltHeading {
  id: string;
  text: string;
  /** Whether any content follows it before the next heading (Docent leaves empty sections out). */
  hasBody: boolean;
}

/** What a built page offers to link to (every id on it, the headings of its content) and what it says of itself. */
export interface BuiltPage {
  ids: Set<string>;
  headings: BuiltHeading[];
  /** `<html lang>`, lower case. */
  language?: string;
  /** Text of the page's first `h1` (its title, where the theme shows one). */
  title?: string;
}

const headingTag = /^h[1-6]$/;

/** Reads a built page: every id on it, and the `h2`/`h3` headings of its content. */
export async function readBuiltPage(file: string, theme: BuiltTheme): Promise<BuiltPage> {
  const tree = fromHtml(await readFile(file, 'utf8'));
  const ids = new Set(selectAll('[id]', tree).map((element) => String(element.properties.id)));
  const chrome = new Set(theme.chrome === undefined ? [] : selectAll(theme.chrome, tree));
  const headings: BuiltHeading[] = [];
  let current: BuiltHeading | undefined;
  // `sectionId`: the id of the <section> a heading opens, where the id is on the section (Sphinx, docutils).
  const walk = (node: ElementContent | Root, sectionId?: unknown) => {
    if (node.type === 'text') {
      if (current !== undefined && node.value.trim() !== '') current.hasBody = true;
      return;
    }
    if (node.type !== 'element' && node.type !== 'root') return;
    if (node.type === 'element') {
      if (chrome.has(node)) return;
      if (node.tagName === 'section' && node.properties.id !== undefined) {
        const first = node.children.find((child) => child.type === 'element' && !(child.tagName === 'span' && child.children.length === 0));
        const opens = first?.type === 'element' && headingTag.test(first.tagName) ? first : undefined;
        for (const child of node.children) walk(child as ElementContent, child === opens ? node.properties.id : undefined);
        return;
      }
      if (headingTag.test(node.tagName)) {
        const id = node.properties.id ?? sectionId;
        current = (node.tagName === 'h2' || node.tagName === 'h3') && id !== undefined ? { id: String(id), text: normalizeText(hastToString(node)), hasBody: false } : undefined;
        if (current !== undefined) headings.push(current);
        return;
      }
    }
    for (const child of node.children) walk(child as ElementContent);
  };
  for (const content of selectAll(theme.content, tree)) walk(content);
  const page: BuiltPage = { ids, headings };
  const language = select('html', tree)?.properties.lang;
  const title = select('h1', tree);
  if (language !== undefined && language !== null) page.language = String(language).toLowerCase();
  if (title !== undefined) page.title = normalizeText(hastToString(title));
  return page;
}

function normalizeText(text: string): string {
  // Themes put a zero-width "direct link" character inside the heading; the id is what matters.
  return text.replace(/\u200b/g, '').replace(/\s+/g, ' ').trim();
}

/** Where ingestion and the built site disagree, one line each, so a failure lists them all. */
export interface SiteComparison {
  /** Ingested pages with no built file at their path. */
  missingPages: string[];
  /** Section anchors that are no id of the built page: `page#anchor ("heading"): the page has id "real"`. */
  missingAnchors: string[];
  /** `h2`/`h3` headings of a page's content, with a body, that no ingested section links to. */
  unindexedHeadings: string[];
  /** The language and title each built page gives, by ingested page path. */
  builtPages: Map<string, { language?: string; title?: string }>;
  /** How many section anchors were checked. */
  anchorsChecked: number;
  /** How many `h2`/`h3` headings with a body the built pages' content has (so a wrong content selector shows). */
  builtHeadingsChecked: number;
}

/**
 * Compares ingested pages and sections with the built site: each page must exist, each section
 * anchor must be an id of its page, and each `h2`/`h3` of a page's content with a body below it
 * must have a section.
 */
export async function compareWithBuiltSite(docs: IngestedDocs, builtRoot: string, theme: BuiltTheme): Promise<SiteComparison> {
  const comparison: SiteComparison = { missingPages: [], missingAnchors: [], unindexedHeadings: [], builtPages: new Map(), anchorsChecked: 0, builtHeadingsChecked: 0 };
  for (const page of docs.pages) {
    const file = builtPageFile(builtRoot, page.path);
    if (file === undefined) {
      comparison.missingPages.push(page.path);
      continue;
    }
    const built = await readBuiltPage(file, theme);
    comparison.builtPages.set(page.path, { language: built.language, title: built.title });
    const anchors = new Set<string>();
    for (const section of page.sections) {
      if (section.anchor === undefined) continue;
      comparison.anchorsChecked += 1;
      anchors.add(section.anchor);
      if (built.ids.has(section.anchor)) continue;
      comparison.missingAnchors.push(`${page.path}#${section.anchor} ("${section.heading}"): ${realIds(built, section.heading)}`);
    }
    for (const heading of built.headings) {
      if (heading.hasBody) comparison.builtHeadingsChecked += 1;
      if (heading.hasBody && !anchors.has(heading.id)) comparison.unindexedHeadings.push(`${page.path}#${heading.id} ("${heading.text}")`);
    }
  }
  return comparison;
}

/** What the built page calls a heading with this text, to put in a mismatch report. */
function realIds(built: BuiltPage, heading: string): string {
  const ids = built.headings.filter((candidate) => candidate.text === heading).map((candidate) => `"${candidate.id}"`);
  return ids.length === 0 ? 'no element of the built page has that id, nor an h2/h3 with that text' : `the built page's h2/h3 with that text ${ids.length === 1 ? 'has id' : 'have ids'} ${ids.join(', ')}`;
}

/** The ids of every section of every page (`/guide/install#configuration`), to look expected ones up. */
export function sectionIds(docs: IngestedDocs): Set<string> {
  return new Set(docs.pages.flatMap((page) => page.sections.map((section) => section.id)));
}

/** How the links between pages in ingested sections compare with the built site's own links. */
export interface LinkComparison {
  /** How many links to a page of the site (a path, after ingestion) were checked. */
  linksChecked: number;
  /** Links to no built page, or to a page the built page's content does not link to: `page: url (…)`. */
  wrongLinks: string[];
  /** Links between pages left relative (`./x.md`, `../x/`): they would not work in an answer shown on another page. */
  relativeLinks: string[];
}

/**
 * Checks each link of the ingested sections against the built site: a link to a page of the site
 * must be a site path to a built page that the built page's own content links to (the generator
 * made the same link), and no link may stay relative.
 */
export async function compareLinksWithBuiltSite(docs: IngestedDocs, builtRoot: string, theme: BuiltTheme): Promise<LinkComparison> {
  const comparison: LinkComparison = { linksChecked: 0, wrongLinks: [], relativeLinks: [] };
  for (const page of docs.pages) {
    const file = builtPageFile(builtRoot, page.path);
    if (file === undefined) continue;
    const tree = fromHtml(await readFile(file, 'utf8'));
    const builtTargets = new Set<string>();
    for (const content of selectAll(theme.content, tree)) {
      for (const anchor of selectAll('a[href]', content)) {
        const target = new URL(String(anchor.properties.href), `http://site.invalid${encodeURI(page.path)}`);
        const targetFile = target.origin === 'http://site.invalid' ? builtPageFile(builtRoot, target.pathname) : undefined;
        if (targetFile !== undefined) builtTargets.add(targetFile);
      }
    }
    for (const url of page.sections.flatMap((section) => linkUrls(section.markdown))) {
      if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url)) continue;
      if (!url.startsWith('/')) {
        comparison.relativeLinks.push(`${page.path}: ${url}`);
        continue;
      }
      comparison.linksChecked += 1;
      const targetFile = builtPageFile(builtRoot, url.replace(/[?#].*$/, ''));
      if (targetFile === undefined) comparison.wrongLinks.push(`${page.path}: ${url} (no page of the built site)`);
      else if (!builtTargets.has(targetFile)) comparison.wrongLinks.push(`${page.path}: ${url} (the built page links to no such page)`);
    }
  }
  return comparison;
}


/**
 * A generator that is not on npm but in Debian's packages (Hugo, Jekyll): the binary named by the
 * environment variable, else the command on PATH, else the package installed with apt-get when
 * running as root on Debian (as `.ci/run` does up front).
 *
 * @throws Error with one line saying what to install when none is found
 */
export function debianGenerator(command: string, options: { environmentVariable: string; debianPackage: string | readonly string[]; neededBy: string }): string {
  const packages = typeof options.debianPackage === 'string' ? [options.debianPackage] : [...options.debianPackage];
  const missing = `${command} is needed by ${options.neededBy}: install it (Debian: apt-get install ${packages.join(' ')}) or set ${options.environmentVariable} to its binary.`;
  const configured = process.env[options.environmentVariable];
  if (configured !== undefined && configured !== '') {
    if (!existsSync(configured)) throw new Error(`${options.environmentVariable} is ${configured}, which does not exist. ${missing}`);
    return configured;
  }
  const onPath = () => spawnSync(command, ['--version'], { stdio: 'pipe' }).status === 0 || spawnSync(command, ['version'], { stdio: 'pipe' }).status === 0;
  if (onPath()) return command;
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'pipe', env: environment, timeout: 300_000 });
    spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'pipe', env: environment, timeout: 300_000 });
    if (onPath()) return command;
  }
  throw new Error(missing);
}

/** Runs a generator's binary; a failed build throws with the generator's own output. */
export async function runBinary(binary: string, args: readonly string[], options: { timeout: number; env?: Record<string, string> }): Promise<void> {
  try {
    await promisify(execFile)(binary, [...args], { timeout: options.timeout, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...options.env } });
  } catch (error) {
    const output = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${path.basename(binary)} ${args.join(' ')} failed: ${output.message}\n${`${output.stdout ?? ''}\n${output.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n')}`);
  }
}
