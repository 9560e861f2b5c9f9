import { expect, test, type Page } from '@playwright/test';
import { proxiedExchange, useDemoSite } from './fixtures/demo-site';
import { DocentPage } from './fixtures/docent-page';
import type { Fault } from './fixtures/fault-proxy';

// Every way a question can fail, made to happen on purpose by the fault proxy in front of the
// real server: the reader is told what happened, gets a Retry that works, and never loses the
// question or the text being typed. And Stop, which is not a failure.

const site = useDemoSite();

const messages = {
  auth: 'The assistant is not set up correctly on this site (its key or domain was refused). Please tell the site owner.',
  server: 'The assistant ran into a problem while answering. Try again.',
  threadNotFound: 'This conversation has expired. Retry to ask again in a new conversation.',
  rateLimited: 'Too many questions right now. Try again in 30 seconds.',
  network: 'Could not reach the assistant. Check your connection and try again.',
  interrupted: 'The answer was cut off before it finished. Try again.',
  incomplete: 'This answer is incomplete: the connection was cut before it finished.',
};

async function openOnGettingStarted(page: Page): Promise<DocentPage> {
  const docent = new DocentPage(page);
  await page.goto(`${site.url}/docs/getting-started`);
  await docent.open();
  return docent;
}

const statusFaults: Array<{ title: string; fault: Fault; shown: string }> = [
  { title: '401', fault: { kind: 'status', status: 401, code: 'invalid_api_key' }, shown: messages.auth },
  { title: '403', fault: { kind: 'status', status: 403, code: 'origin_not_allowed' }, shown: messages.auth },
  { title: '500', fault: { kind: 'status', status: 500, code: 'internal_error' }, shown: messages.server },
];

for (const { title, fault, shown } of statusFaults) {
  test(`a ${title} says what went wrong, keeps the question and the draft, and Retry asks again`, async ({ page }) => {
    const docent = await openOnGettingStarted(page);
    const requests = docent.captureAssistantRequests();
    site.proxy.failNext(fault);
    await docent.ask('What is Docent?');

    await expect(docent.errorAlert).toHaveText(new RegExp(`${escapeRegExp(shown)}\\s*Retry$`));
    await expect(docent.questions).toHaveCount(1);
    await expect(docent.questions.first()).toContainText('What is Docent?');
    await expect(docent.answers).toHaveCount(0);

    await docent.textbox.fill('A draft typed after the error');
    await docent.retryButton.click();
    await docent.waitForAnswer();
    await expect(docent.errorAlert).toHaveCount(0);
    expect(await docent.lastAnswerText()).not.toBe('');
    await expect(docent.textbox).toHaveValue('A draft typed after the error');
    const retried = await docent.nthRequest(requests, 2);
    expect(retried.messages.map((message) => message.parts.map((part) => part.text).join(''))).toEqual(['What is Docent?']);
  });
}

test('a 404 for the thread starts a new thread, and Retry works there', async ({ page }) => {
  const docent = await openOnGettingStarted(page);
  const requests = docent.captureAssistantRequests();
  await docent.ask('What is Docent?');
  await docent.waitForAnswer();
  const firstThread = (await proxiedExchange(site, 1)).ended.events.find((event) => event.type === 'finish')?.threadId;
  expect(firstThread).toMatch(/\S/);

  site.proxy.failNext({ kind: 'status', status: 404, code: 'thread_not_found', message: 'This thread does not exist on this domain.' });
  await docent.ask('Can I change its colours?');
  await expect(docent.errorAlert).toContainText(messages.threadNotFound);
  expect((await docent.nthRequest(requests, 2)).threadId).toBe(firstThread);

  await docent.retryButton.click();
  await docent.waitForAnswer();
  const retried = await docent.nthRequest(requests, 3);
  expect(retried.threadId).toBeNull();
  expect(retried.messages.at(-1)?.parts[0]?.text).toBe('Can I change its colours?');
  const newThread = (await proxiedExchange(site, 3)).ended.events.find((event) => event.type === 'finish')?.threadId;
  expect(newThread).toMatch(/\S/);
  expect(newThread).not.toBe(firstThread);

  // The conversation goes on in the new thread.
  await docent.ask('And the radius?');
  await docent.waitForAnswer();
  expect((await docent.nthRequest(requests, 4)).threadId).toBe(newThread);
});

test('a 429 says when to try again, from Retry-After', async ({ page }) => {
  const docent = await openOnGettingStarted(page);
  site.proxy.failNext({ kind: 'status', status: 429, code: 'rate_limited', headers: { 'Retry-After': '30' } });
  await docent.ask('What is Docent?');
  await expect(docent.errorAlert).toContainText(messages.rateLimited);
  await expect(docent.retryButton).toBeVisible();
  await docent.retryButton.click();
  await docent.waitForAnswer();
  await expect(docent.errorAlert).toHaveCount(0);
});

test('with the network down the reader is told so; Retry fails while it stays down and works once it is back', async ({ page }) => {
  const docent = await openOnGettingStarted(page);
  site.proxy.failNext({ kind: 'drop' }, { sticky: true });
  await docent.ask('What is Docent?');
  await expect(docent.errorAlert).toContainText(messages.network);

  await docent.textbox.fill('Half-written follow-up');
  await docent.retryButton.click();
  await expect(docent.errorAlert).toContainText(messages.network);
  await expect(docent.textbox).toHaveValue('Half-written follow-up');
  await expect(docent.questions).toHaveCount(1);

  site.proxy.clear();
  await docent.retryButton.click();
  await docent.waitForAnswer();
  await expect(docent.errorAlert).toHaveCount(0);
  await expect(docent.textbox).toHaveValue('Half-written follow-up');
});

test('a stream cut midway keeps the partial answer, marks it incomplete, and Retry completes it', async ({ page }) => {
  const docent = await openOnGettingStarted(page);
  site.proxy.failNext({ kind: 'cut', afterTextDeltas: 6 });
  await docent.ask('How do I install Docent with npm?');

  await expect(docent.errorAlert).toContainText(messages.interrupted);
  const { ended } = await proxiedExchange(site, 1);
  const arrived = ended.events
    .filter((event) => event.type === 'text-delta')
    .map((event) => event.delta)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  expect(ended.events.some((event) => event.type === 'finish')).toBe(false);
  expect(arrived.split(' ').length).toBeGreaterThanOrEqual(3);
  await expect(docent.lastAnswer).toContainText(messages.incomplete);
  expect(await docent.lastAnswerText()).toContain(arrived);
  await expect(docent.questions).toHaveCount(1);

  await docent.retryButton.click();
  await docent.waitForAnswer();
  await expect(docent.errorAlert).toHaveCount(0);
  await expect(docent.answers).toHaveCount(1);
  await expect(docent.lastAnswer).not.toContainText(messages.incomplete);
  expect((await docent.lastAnswerText()).length).toBeGreaterThan(arrived.length);
});

test('Stop aborts a slow stream, keeps the partial answer, and the textbox stays usable', async ({ page }) => {
  const docent = await openOnGettingStarted(page);
  const requests = docent.captureAssistantRequests();
  site.proxy.failNext({ kind: 'slow', delayMilliseconds: 150 });
  await docent.ask('How do I install Docent with npm?');

  await expect(docent.stopButton).toBeVisible();
  await expect.poll(() => docent.lastAnswerText()).toMatch(/\w+ \w+ \w+/);
  await expect(docent.textbox).toBeEditable();
  await docent.stopButton.click();
  await expect(docent.stopButton).toBeHidden();

  // The request was really aborted: the proxy saw the browser leave before the end.
  const { ended } = await proxiedExchange(site, 1);
  expect(ended.aborted).toBe(true);
  expect(ended.events.some((event) => event.type === 'finish')).toBe(false);
  const partial = await docent.lastAnswerText();
  expect(partial).toMatch(/\w+ \w+ \w+/);
  await expect(docent.errorAlert).toHaveCount(0);
  await expect(docent.questions).toHaveCount(1);

  await docent.ask('Which options does it take?');
  await docent.waitForAnswer();
  await expect(docent.questions).toHaveCount(2);
  expect(await docent.answers.first().evaluate((answer) => answer.textContent)).toContain(partial.split(' ').slice(0, 3).join(' '));
  const next = await docent.nthRequest(requests, 2);
  expect(next.messages.at(-1)?.parts[0]?.text).toBe('Which options does it take?');
});

test('a draft typed while the answer streams stays a draft when the reader presses Stop', async ({ page }) => {
  const docent = await openOnGettingStarted(page);
  site.proxy.failNext({ kind: 'slow', delayMilliseconds: 150 });
  await docent.ask('How do I install Docent with npm?');
  await expect.poll(() => docent.lastAnswerText()).toMatch(/\w+ \w+ \w+/);

  // The next question can be typed while the answer streams.
  await docent.textbox.fill('Which options does it take?');
  await expect(docent.textbox).toHaveValue('Which options does it take?');
  await docent.stopButton.click();
  await expect(docent.stopButton).toBeHidden();

  // Stopping an answer must not send the draft: the reader has not pressed Send yet.
  await expect(docent.textbox).toHaveValue('Which options does it take?');
  await expect(docent.questions).toHaveCount(1);
  await expect(docent.sendButton).toBeEnabled();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
