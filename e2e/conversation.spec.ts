import { expect, test } from '@playwright/test';
import { proxiedExchange, useDemoSite } from './fixtures/demo-site';
import { DocentPage, recordWindowEvents } from './fixtures/docent-page';
import type { ProxiedAssistantResponse } from './fixtures/proxied-response';

// Asking, the streamed answer and its sources, the finished-answer announcement, and the
// thread and the conversation across messages, reloads and pages of the site.

const site = useDemoSite();

/** The `threadId` of the `finish` event the browser received. */
const finishThreadId = (response: ProxiedAssistantResponse) => response.events.find((event) => event.type === 'finish')?.threadId;

test('a question gets a streamed answer with its sources; following a source emits source-click', async ({ page }) => {
  const events = await recordWindowEvents(page, ['submit', 'finish', 'source-click']);
  const docent = new DocentPage(page);
  await page.goto(`${site.url}/docs/getting-started`);
  await docent.open();

  // Each SSE event is held back a little, so the answer is seen while it streams.
  site.proxy.failNext({ kind: 'slow', delayMilliseconds: 25 });
  await docent.ask('How do I install Docent with npm?');
  await expect(docent.questions.last()).toContainText('How do I install Docent with npm?');
  await expect(docent.stopButton).toBeVisible();
  await expect(docent.lastAnswer).toHaveAttribute('aria-busy', 'true');
  // The first words show while the rest is still on its way (held back 25 ms an event).
  await expect.poll(() => docent.lastAnswerText(), { intervals: [20] }).not.toBe('');
  const whileStreaming = await docent.lastAnswerText();
  await docent.waitForAnswer();
  const answer = await docent.lastAnswerText();
  expect(answer).toContain('npm install docent');
  expect(answer.length).toBeGreaterThan(whileStreaming.length);
  await expect(docent.lastAnswer).not.toHaveAttribute('aria-busy', 'true');

  // The links under the answer are the stream's `source-url` parts.
  const { ended } = await proxiedExchange(site, 1);
  const streamedSources = ended.events.filter((event) => event.type === 'source-url');
  expect(streamedSources.length).toBeGreaterThan(0);
  await expect(docent.sourceLinks).toHaveCount(streamedSources.length);
  for (const [index, source] of streamedSources.entries()) {
    await expect(docent.sourceLinks.nth(index)).toHaveAttribute('href', source.url!);
    await expect(docent.sourceLinks.nth(index)).toHaveAccessibleName(source.title!);
    await expect(docent.sourceLinks.nth(index)).toBeVisible();
  }
  expect(events.filter((event) => event.name === 'submit')).toEqual([
    { name: 'submit', detail: { text: 'How do I install Docent with npm?', context: [] } },
  ]);

  const first = streamedSources[0]!;
  await docent.sourceLinks.first().click();
  await expect.poll(() => events.filter((event) => event.name === 'source-click')).toEqual([
    { name: 'source-click', detail: { url: first.url, title: first.title, messageId: expect.any(String) } },
  ]);
  // The link still does its job: the cited page opens.
  await expect(page).toHaveURL(`${site.url}${first.url}`);
});

test('the finished answer is announced once in a polite live region, not token by token', async ({ page }) => {
  const docent = new DocentPage(page);
  await page.goto(`${site.url}/docs/getting-started`);
  await docent.open();
  await expect(docent.announcer).toHaveCount(1);
  await docent.announcer.evaluate((region) => {
    const texts: string[] = [];
    (window as unknown as { announcements: string[] }).announcements = texts;
    new MutationObserver(() => texts.push(region.textContent ?? '')).observe(region, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  const announcements = () => page.evaluate(() => (window as unknown as { announcements: string[] }).announcements.filter((text) => text !== ''));

  site.proxy.failNext({ kind: 'slow', delayMilliseconds: 10 });
  await docent.ask('Which themes does Docent support?');
  await docent.waitForAnswer();
  const answer = await docent.lastAnswerText();
  await expect.poll(announcements).toHaveLength(1);
  const [announcement] = await announcements();
  expect(announcement).toMatch(/^Answer ready\. /);
  expect(answer.startsWith(announcement!.replace(/^Answer ready\. /, '').slice(0, 40))).toBe(true);

  // The next answer is announced again, once.
  await docent.ask('How do I turn off the keyboard shortcut?');
  await docent.waitForAnswer();
  await expect.poll(announcements).toHaveLength(2);
  expect((await announcements())[1]).toMatch(/^Answer ready\. /);
});

test('the thread id from the finish event is sent with the second message and after a reload', async ({ page }) => {
  const events = await recordWindowEvents(page, ['finish']);
  const docent = new DocentPage(page);
  const requests = docent.captureAssistantRequests();
  await page.goto(`${site.url}/docs/getting-started`);
  await docent.open();

  await docent.ask('What is Docent?');
  await docent.waitForAnswer();
  const first = await docent.nthRequest(requests, 1);
  expect(first.threadId).toBeNull();
  expect(first.fp).toBe('anonymous');
  expect(first.currentPath).toBe('/docs/getting-started');
  expect(first.messages.map((message) => [message.role, message.parts.map((part) => part.text).join('')])).toEqual([
    ['user', 'What is Docent?'],
  ]);
  const firstExchange = await proxiedExchange(site, 1);
  const threadId = finishThreadId(firstExchange.ended);
  expect(threadId).toMatch(/\S/);
  expect(firstExchange.ended.threadIdHeader).toBe(threadId);
  await expect.poll(() => events.map((event) => event.detail.threadId)).toEqual([threadId]);

  await docent.ask('How do I change its colours?');
  // Messages re-render at most every 50 ms while the status does not wait: on a fast server the
  // answer can be over before it is drawn, and the first answer's actions would satisfy
  // waitForAnswer. The reload below must come after the second answer is on screen.
  await expect(docent.answers).toHaveCount(2);
  await docent.waitForAnswer();
  const second = await docent.nthRequest(requests, 2);
  expect(second.threadId).toBe(threadId);
  expect(second.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);

  await page.reload();
  // The panel left open is open again after the reload, and the conversation is back …
  await expect(docent.dialog).toBeVisible();
  await expect(docent.questions).toHaveCount(2);
  await expect(docent.answers).toHaveCount(2);
  await expect(docent.questions.first()).toContainText('What is Docent?');
  // … and the next question continues the same thread.
  await docent.ask('Does it work without cookies?');
  await docent.waitForAnswer();
  const third = await docent.nthRequest(requests, 3);
  expect(third.threadId).toBe(threadId);
  expect(third.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
  expect(finishThreadId((await proxiedExchange(site, 3)).ended)).toBe(threadId);
});

test('the conversation is restored on another page of the site and continues its thread there', async ({ page }) => {
  const docent = new DocentPage(page);
  const requests = docent.captureAssistantRequests();
  await page.goto(`${site.url}/docs/getting-started`);
  await docent.open();
  await docent.ask('How do I add the script tag?');
  await docent.waitForAnswer();
  const firstAnswer = await docent.lastAnswerText();
  const threadId = finishThreadId((await proxiedExchange(site, 1)).ended);
  expect(threadId).toMatch(/\S/);

  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'Theming' }).click();
  await expect(page).toHaveURL(/\/docs\/theming$/);
  await docent.open();
  await expect(docent.questions).toHaveCount(1);
  await expect(docent.questions.first()).toContainText('How do I add the script tag?');
  expect(await docent.lastAnswerText()).toBe(firstAnswer);
  await expect(docent.sourceLinks.first()).toBeVisible();

  await docent.ask('And how do I make it dark?');
  await docent.waitForAnswer();
  const second = await docent.nthRequest(requests, 2);
  expect(second.threadId).toBe(threadId);
  expect(second.currentPath).toBe('/docs/theming');

  // New conversation clears the messages and the thread.
  await docent.newConversationButton.click();
  await expect(docent.questions).toHaveCount(0);
  await expect(docent.textbox).toBeFocused();
  await docent.ask('What is Docent?');
  await docent.waitForAnswer();
  const third = await docent.nthRequest(requests, 3);
  expect(third.threadId).toBeNull();
  expect(third.messages).toHaveLength(1);
});

test('a question asked right before following a link is still in the conversation on the next page', async ({ page }) => {
  const docent = new DocentPage(page);
  const storedThread = () =>
    page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('docent:') && name.endsWith(':thread'));
      return key === undefined ? null : (JSON.parse(sessionStorage.getItem(key) ?? 'null') as { threadId?: string } | null)?.threadId ?? null;
    });
  await page.goto(`${site.url}/docs/getting-started`);
  await docent.open();
  site.proxy.failNext({ kind: 'slow', delayMilliseconds: 100 });
  await docent.ask('How do I install Docent with npm?');
  await expect(docent.questions).toHaveCount(1);
  await expect(docent.stopButton).toBeVisible();
  // The answer has started: its thread is known (from the response header) before any text.
  await expect.poll(storedThread).toMatch(/\S/);
  const thread = await storedThread();

  // The reader follows a link of the page while the answer is on its way.
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'Theming' }).click();
  await expect(page).toHaveURL(/\/docs\/theming$/);
  await docent.open();
  // The thread is kept across the navigation …
  expect(await storedThread()).toBe(thread);
  // … so the question must be too: a thread the reader cannot see would be continued blindly.
  await expect(docent.questions).toHaveCount(1);
  await expect(docent.questions.first()).toContainText('How do I install Docent with npm?');
});
