import { copyFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DocentPage } from '../fixtures/docent-page';
import { startTestServer, type TestServer } from '../fixtures/server';
import { createConsumerProject, projectRoot, tools, type ConsumerProject } from './consumer-project';

// The package as users get it: `npm pack`, installed into a fresh project, then used the ways
// the README's recipes say: imported in Node with no DOM (server-side rendering), required
// from CommonJS, compiled by a consumer's strict TypeScript, and built into React, Vue, plain
// HTML and VitePress sites that ask the real server a question in Chromium.

let project: ConsumerProject;
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [project, server] = await Promise.all([createConsumerProject(), startTestServer()]);
});

test.afterAll(async () => {
  project?.remove();
  await server?.close();
});

/** Serves the files of `folder` under `/<name>/` on the server's origin, so the API is same-origin. */
async function serveSite(page: Page, name: string, folder: string): Promise<void> {
  await page.route(`${server.url}/${name}/**`, async (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname.slice(name.length + 2));
    let file = join(folder, path);
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(file, 'index.html');
    // VitePress links pages without .html (clean URLs off, the browser asks for /guide/install).
    if (!existsSync(file) && existsSync(`${file.replace(/\/index\.html$/, '')}.html`)) file = `${file.replace(/\/index\.html$/, '')}.html`;
    if (!existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    const contentType = extname(file) === '.html' ? 'text/html; charset=utf-8' : undefined;
    await route.fulfill({ path: file, ...(contentType ? { contentType } : {}) });
  });
}

/** Opens the page, asks a question through the widget and waits for the answer. */
async function askOnPage(
  page: Page,
  url: string,
  options: { launcher?: string; title?: string; beforeAsk?: (docent: DocentPage) => Promise<void> } = {},
): Promise<DocentPage> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(url);
  const docent = new DocentPage(page, options.title === undefined ? {} : { title: options.title });
  await page.getByRole('button', { name: options.launcher ?? 'Ask AI', exact: true }).click();
  await expect(docent.textbox).toBeFocused();
  await options.beforeAsk?.(docent);
  await docent.ask('How do I install Docent?');
  await docent.waitForAnswer({ timeout: 15_000 });
  expect(await docent.lastAnswerText()).toMatch(/install/i);
  expect(errors).toEqual([]);
  return docent;
}

test('every entry imports in Node without a DOM, and docent/client also through require()', async () => {
  const script = join(project.folder, 'server-side.mjs');
  copyFileSync(join(projectRoot, 'e2e/consumers/apps/server-side.mjs'), script);
  const output = await project.node(script, [], project.folder);
  expect(JSON.parse(output)).toEqual({
    docent: ['Assistant', 'mount'],
    element: ['DocentChatElement'],
    client: ['createAdminClient', 'createAssistantClient'],
    required: ['createAdminClient', 'createAssistantClient'],
    registered: false,
  });
});

test('the published types compile in a consumer project with nodenext and skipLibCheck false', async () => {
  const app = project.addApp('types');
  copyFileSync(join(projectRoot, 'src/jsx/fixtures/options.fixture.ts'), join(app, 'options.ts'));
  await project.node(tools.typescript, ['-p', app], app);
});

test('a Vite React app, type-checked with React types, asks a question through <docent-chat>', async ({ page }) => {
  test.setTimeout(90_000);
  const app = project.addApp('react');
  await project.node(tools.typescript, ['-p', app], app);
  await project.node(tools.vite, ['build'], app);
  await serveSite(page, 'react', join(app, 'dist'));
  await askOnPage(page, `${server.url}/react/`, {
    title: 'Ask the React docs',
    // The array option set as a property through the ref reached the widget.
    beforeAsk: (docent) => expect(docent.dialog.getByRole('button', { name: 'How do I install Docent?' })).toBeVisible(),
  });
  await expect(page.locator('#answers')).toHaveText('Answers: 1');
});

test('a Vite Vue app with isCustomElement asks a question through <docent-chat>, an object option bound as a property', async ({ page }) => {
  test.setTimeout(90_000);
  const app = project.addApp('vue');
  await project.node(tools.vite5, ['build'], app);
  await serveSite(page, 'vue', join(app, 'dist'));
  await askOnPage(page, `${server.url}/vue/`, { launcher: 'Ask the Vue docs' });
});

test('a plain HTML page asks a question through the script tag from the package', async ({ page }) => {
  const app = project.addApp('html');
  copyFileSync(join(project.folder, 'node_modules/docent/dist/docent.js'), join(app, 'docent.js'));
  await serveSite(page, 'html', app);
  await askOnPage(page, `${server.url}/html/`);
});

test('a VitePress site imports docent/element in its theme, renders on the server, and asks a question', async ({ page }) => {
  test.setTimeout(120_000);
  const app = project.addApp('vitepress');
  await project.node(tools.vitepress, ['build', 'docs'], app);
  const built = join(app, 'docs/.vitepress/dist');
  // Rendered in Node with docent/element imported: the element is in the server-rendered HTML.
  expect(readFileSync(join(built, 'guide/install.html'), 'utf8')).toContain('<docent-chat domain="demo" api-key="svc_dsc_demo">');
  await serveSite(page, 'vitepress', built);
  await askOnPage(page, `${server.url}/vitepress/guide/install`);
});
