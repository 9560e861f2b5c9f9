import { expect, test, type Locator, type Page } from '@playwright/test';
import { defaultConfig } from '../server/src/config';
import { useDemoSite } from './fixtures/demo-site';
import { DocentPage } from './fixtures/docent-page';
import { serveFixtureSites } from './fixtures/sites/serve-sites';

// The widget on pages laid out like the docs generators' (e2e/fixtures/sites): where the open
// panel sits (not over the site's search, theme switch and table of contents, nor over its
// search dialog), the panel kept open across full page loads of a multi-page site, and source
// links that navigate in place through the site's router, or to other sites in a new tab.

const demoOrganization = defaultConfig.organizations[0];
const demoDomain = demoOrganization?.domains?.[0];
if (demoOrganization === undefined || demoDomain === undefined) throw new Error('the default configuration has no demo domain');
const otherSiteOrigin = 'https://docs.elsewhere.example';

// A second domain on the same server whose sources carry another site's origin (`siteUrl`).
const site = useDemoSite({
  config: {
    ...defaultConfig,
    organizations: [
      {
        ...demoOrganization,
        domains: [demoDomain, { ...demoDomain, id: 'elsewhere', siteUrl: otherSiteOrigin, assistantKeys: ['svc_dsc_elsewhere'] }],
      },
    ],
  },
});

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeEach(async ({ page }) => {
  await serveFixtureSites(page, site.url);
});

/** One generator's page: what must stay in reach, and how its search dialog opens. */
interface GeneratorPage {
  name: string;
  path: string;
  search(page: Page): Locator;
  themeSwitch(page: Page): Locator;
  /** Null where the generator's own layout puts it under any panel on the right (see Starlight). */
  tableOfContents(page: Page): Locator | null;
  /** Opens the site's search and returns what it lays over the page (its dialog or backdrop). */
  openSearch(page: Page): Promise<Locator>;
}

const generators: GeneratorPage[] = [
  {
    name: 'VitePress',
    path: '/sites/vitepress/guide.html',
    search: (page) => page.getByRole('button', { name: 'Search', exact: true }),
    themeSwitch: (page) => page.getByRole('switch', { name: 'Switch to dark theme' }),
    tableOfContents: (page) => page.getByRole('navigation', { name: 'On this page' }),
    async openSearch(page) {
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      return page.locator('.VPLocalSearchBox .shell');
    },
  },
  {
    name: 'Docusaurus',
    path: '/sites/docusaurus/docs.html',
    search: (page) => page.getByRole('button', { name: 'Search (Command+K)' }),
    themeSwitch: (page) => page.getByRole('button', { name: /Switch between dark and light mode/ }),
    tableOfContents: (page) => page.getByRole('navigation', { name: 'On this page' }),
    async openSearch(page) {
      await page.getByRole('button', { name: 'Search (Command+K)' }).click();
      return page.locator('.DocSearch-Modal');
    },
  },
  {
    name: 'Starlight',
    path: '/sites/starlight/page.html',
    search: (page) => page.getByRole('button', { name: 'Search', exact: true }),
    themeSwitch: (page) => page.getByRole('combobox', { name: 'Select theme' }),
    // Starlight sizes its right sidebar from the window's width (a fixed element, 268 px of
    // content, in a column that is half of what the page has beyond its 720 px content), so
    // any page narrower than the window gets its table of contents under a panel on the right.
    tableOfContents: () => null,
    async openSearch(page) {
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      return page.getByRole('dialog', { name: 'Search' });
    },
  },
  {
    name: 'MkDocs Material',
    path: '/sites/mkdocs/index.html',
    search: (page) => page.getByRole('textbox', { name: 'Search' }),
    themeSwitch: (page) => page.getByRole('button', { name: 'Switch to dark mode' }),
    tableOfContents: (page) => page.getByRole('navigation', { name: 'Table of contents' }),
    async openSearch(page) {
      await page.getByRole('textbox', { name: 'Search' }).click();
      // Beside the narrowed page the results drop down left of the panel; the backdrop is over it.
      await expect(page.locator('.md-search__output')).toBeVisible();
      return page.locator('.md-search__overlay');
    },
  },
];

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error(`${locator} is not rendered`);
  return box;
}

/** The part two boxes share, or null. */
function overlap(one: Box, other: Box): Box | null {
  const x = Math.max(one.x, other.x);
  const y = Math.max(one.y, other.y);
  const width = Math.min(one.x + one.width, other.x + other.width) - x;
  const height = Math.min(one.y + one.height, other.y + other.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

for (const generator of generators) {
  test.describe(`on a ${generator.name} page at 1280 px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(`${site.url}${generator.path}`);
      await new DocentPage(page).open();
    });

    test('the open panel leaves the search, the theme switch and the table of contents in view', async ({ page }) => {
      const panel = await boxOf(new DocentPage(page).dialog);
      expect(panel.width).toBeGreaterThanOrEqual(360);
      const parts = [
        ['search', generator.search(page)],
        ['theme switch', generator.themeSwitch(page)],
        ['table of contents', generator.tableOfContents(page)],
      ] as const;
      for (const [part, locator] of parts) {
        if (locator === null) continue;
        await expect(locator).toBeVisible();
        const box = await boxOf(locator);
        expect(box.x + box.width, `the ${part} is inside the window`).toBeLessThanOrEqual(1280);
        expect(overlap(panel, box), `the panel covers the ${part}`).toBeNull();
      }
    });

    test('the site’s search dialog opens over the panel, which comes back when it closes', async ({ page }) => {
      const docent = new DocentPage(page);
      const panel = await boxOf(docent.dialog);
      const search = await generator.openSearch(page);
      await expect(search).toBeVisible();
      const shared = overlap(panel, await boxOf(search));
      expect(shared, 'the search dialog and the panel share some of the window').not.toBeNull();
      await expect(docent.dialog).toBeHidden();
      // What the reader sees where both are: the site's search.
      const point = { x: shared!.x + shared!.width / 2, y: shared!.y + shared!.height / 2 };
      expect(await search.evaluate((element, { x, y }) => element.contains(document.elementFromPoint(x, y)), point)).toBe(true);

      await page.keyboard.press('Escape');
      await expect(search).toBeHidden();
      await expect(docent.dialog).toBeVisible();
    });
  });
}

test('on a multi-page site the panel stays open across page loads with its conversation and draft, and closed once closed', async ({ page }) => {
  const docent = new DocentPage(page);
  await page.goto(`${site.url}/sites/mkdocs/index.html`);
  await docent.open();
  await docent.ask('How do I install Docent?');
  await docent.waitForAnswer();
  await docent.textbox.fill('And how do retries work');

  const navigation = page.getByRole('navigation', { name: 'Navigation' });
  await navigation.getByRole('link', { name: 'Retries' }).click();
  await expect(page).toHaveURL(/\/sites\/mkdocs\/retries\.html$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Retries');
  await expect(docent.dialog).toBeVisible();
  await expect(docent.questions).toHaveCount(1);
  await expect(docent.questions.first()).toContainText('How do I install Docent?');
  await expect(docent.answers).toHaveCount(1);
  await expect(docent.textbox).toHaveValue('And how do retries work');
  // Restored, not opened by the reader: focus stays with the page.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

  await docent.closeButton.click();
  await navigation.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
  await docent.ready();
  await expect(docent.dialog).toBeHidden();
});

/** Asks a question answered with sources and returns the first source link. */
async function firstSourceAfterAnswer(docent: DocentPage): Promise<Locator> {
  await docent.open();
  await docent.ask('How do I install Docent?');
  await docent.waitForAnswer();
  const link = docent.sourceLinks.first();
  await expect(link).toBeVisible();
  return link;
}

/** Records the `docent:source-click` events the page sees. */
async function recordSourceClicks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const clicks: string[] = [];
    (window as unknown as { sourceClicks: string[] }).sourceClicks = clicks;
    addEventListener('docent:source-click', (event) => clicks.push((event as CustomEvent<{ url: string }>).detail.url));
  });
}

const sourceClicks = (page: Page) => page.evaluate(() => (window as unknown as { sourceClicks: string[] }).sourceClicks);

for (const { name, path } of [
  { name: 'a VitePress-style router (clicks on the document)', path: '/sites/vitepress/guide.html' },
  { name: 'a Docusaurus-style router (its history)', path: '/sites/docusaurus/docs.html' },
]) {
  test(`a source on the same site goes through ${name}, in the tab, without a page load`, async ({ page }) => {
    const docent = new DocentPage(page);
    await page.goto(`${site.url}${path}`);
    await recordSourceClicks(page);
    const link = await firstSourceAfterAnswer(docent);
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/docs\//);
    await expect(link).not.toHaveAttribute('target', /./);
    await expect(link.locator('svg')).toHaveCount(1);

    await link.click();
    const pathname = new URL(href!, site.url).pathname;
    await expect(page.locator('#page-title')).toHaveText(`Routed to ${pathname}`);
    expect(new URL(page.url()).pathname).toBe(pathname);
    expect(await page.evaluate(() => (window as unknown as { pageLoads: number }).pageLoads)).toBe(1);
    expect(await sourceClicks(page)).toEqual([href]);
    await expect(docent.dialog).toBeVisible();
    expect(page.context().pages()).toHaveLength(1);
  });
}

test('a source on the same site of a multi-page site loads that page in the tab, the panel open on it', async ({ page }) => {
  const docent = new DocentPage(page);
  await page.goto(`${site.url}/sites/mkdocs/index.html`);
  const link = await firstSourceAfterAnswer(docent);
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(new URL(href!, site.url).href);
  await expect(docent.dialog).toBeVisible();
  await expect(docent.questions.first()).toContainText('How do I install Docent?');
  expect(page.context().pages()).toHaveLength(1);
});

test('a source on another site opens in a new tab, marked as external', async ({ page }) => {
  await page.context().route(`${otherSiteOrigin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title><h1>Elsewhere</h1>' }),
  );
  const docent = new DocentPage(page);
  await page.goto(`${site.url}/sites/other-site/page.html`);
  await recordSourceClicks(page);
  const link = await firstSourceAfterAnswer(docent);
  const href = await link.getAttribute('href');
  expect(href!.startsWith(`${otherSiteOrigin}/docs/`)).toBe(true);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link.locator('svg')).toHaveCount(2);

  const popup = page.waitForEvent('popup');
  await link.click();
  await expect(await popup).toHaveURL(href!);
  expect(new URL(page.url()).pathname).toBe('/sites/other-site/page.html');
  expect(await sourceClicks(page)).toEqual([href]);
});
