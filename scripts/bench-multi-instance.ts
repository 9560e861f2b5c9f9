/**
 * `npm run bench:multi`: many server instances on one PostgreSQL database (issue 12).
 *
 * For 3 instances, then 1 (side by side), each on a fresh database, real server processes
 * (`node --import tsx server/src/main.ts`, the embedded extractive model, the demo docs):
 * - BENCH_QUESTIONS (default 300) questions at once, spread round-robin over the instances by
 *   the client; as each answer ends, its follow-up (only the new question and the `threadId`)
 *   goes to the next instance: errors, follow-ups that continued their thread (same `threadId`,
 *   4 messages stored), answers per second;
 * - the rate limit crossed: a key limited to BENCH_KEY_LIMIT (default 200) messages gets
 *   BENCH_QUESTIONS requests at once: how many were allowed (must equal the limit), and the
 *   stored counters of every key (must equal the allowed requests, exactly).
 * Then database round trips per question, new and follow-up, counted in one in-process server by
 * counting the PostgreSQL driver's queries.
 *
 * The machine's load average is printed with the figures: on a shared machine they vary with it.
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startTestServer } from '../e2e/fixtures/server';
import { defaultConfig } from '../server/src/config';
import { fleetKeys, startInstanceFleet, type InstanceFleet } from '../server/src/storage/testing/instance-fleet';
import { createTestDatabase } from '../server/src/storage/testing/test-database';

const questionCount = Number(process.env.BENCH_QUESTIONS ?? 300);
const keyLimit = Number(process.env.BENCH_KEY_LIMIT ?? 200);
const demoDocs = fileURLToPath(new URL('../demo/docs', import.meta.url));
/** Traffic is spread over several keys so that no key nears its limit except the limited one. */
const benchKeys = Array.from({ length: 10 }, (_, index) => `svc_dsc_bench_${index}`);
const questions = [
  'How do I change the accent color?',
  'How do I install the npm package?',
  'Can I use Docent with a strict Content Security Policy?',
  'How do I open the assistant from my own button?',
  'How do I translate the labels?',
  'Does the widget support dark mode?',
  'How do I ask about a code block?',
  'Which options does the script tag take?',
];
const followUps = ['And how do I reset it?', 'Can you show an example?', 'Does that work on mobile too?'];

interface Answer {
  status: number;
  threadId: string | null;
}

async function ask(url: string, key: string, question: string, threadId: string | null, domain = 'docs'): Promise<Answer> {
  try {
    const response = await fetch(`${url}/discovery/v2/assistant/${domain}/message`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fp: 'bench', threadId, messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: question }] }] }),
    });
    await response.text();
    return { status: response.status, threadId: response.headers.get('x-thread-id') };
  } catch {
    return { status: 0, threadId: null };
  }
}

const bucketOf = (key: string) => `key:${createHash('sha256').update(key, 'utf8').digest('hex')}`;

async function keyCounters(client: pg.Client, keys: readonly string[]): Promise<number> {
  const result = await client.query<{ total: string | null }>('SELECT sum(count) AS total FROM rate_limit_counters WHERE bucket = ANY($1)', [keys.map(bucketOf)]);
  return Number(result.rows[0]?.total ?? 0);
}

interface FleetFigures {
  instances: number;
  answers: number;
  errors: number;
  continued: number;
  seconds: number;
  allowed: number;
  countedLimited: number;
  countedTraffic: number;
  expectedTraffic: number;
}

async function measureFleet(count: number): Promise<FleetFigures> {
  const database = await createTestDatabase();
  let fleet: InstanceFleet | undefined;
  const client = new pg.Client({ connectionString: database.url });
  try {
    fleet = await startInstanceFleet({
      count,
      databaseUrl: database.url,
      docs: demoDocs,
      assistantKeys: benchKeys,
      // Capacity knobs out of the way: the figures are about the shared database, not the admission limits.
      config: { limits: { perKeyPerMonth: keyLimit, maxConcurrentAnswers: 10_000, rejectedPerIpPerMinute: 100_000 } },
      environment: { DOCENT_DATABASE_MAX_CONNECTIONS: '8' },
    });
    const urls = fleet.instances.map((instance) => instance.url);
    await client.connect();
    // Warm-up (JIT, index caches) on a key of its own, so the traffic counters below start at zero.
    await Promise.all(urls.flatMap((url) => questions.slice(0, 3).map((question) => ask(url, fleetKeys.assistant, question, null))));

    const started = performance.now();
    const conversations = await Promise.all(
      Array.from({ length: questionCount }, async (_, index) => {
        const key = benchKeys[index % benchKeys.length] as string;
        const first = await ask(urls[index % urls.length] as string, key, `${questions[index % questions.length]} (#${index})`, null);
        if (first.status !== 200 || first.threadId === null) return [first];
        const second = await ask(urls[(index + 1) % urls.length] as string, key, followUps[index % followUps.length] as string, first.threadId);
        return [first, { ...second, continued: second.threadId === first.threadId }];
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const answers = conversations.flat();
    const threadIds = conversations.flatMap(([first]) => (first?.threadId ? [first.threadId] : []));
    const stored = await client.query<{ count: string }>('SELECT count(*) AS count FROM threads WHERE id = ANY($1) AND message_count = 4', [threadIds]);
    const continuedInResponses = answers.filter((answer) => 'continued' in answer && answer.continued).length;

    const limited = await Promise.all(
      Array.from({ length: questionCount }, (_, index) => ask(urls[index % urls.length] as string, fleetKeys.limited, questions[index % questions.length] as string, null)),
    );
    return {
      instances: count,
      answers: answers.length,
      errors: answers.filter((answer) => answer.status !== 200).length,
      continued: Math.min(continuedInResponses, Number(stored.rows[0]?.count ?? 0)),
      seconds,
      allowed: limited.filter((answer) => answer.status === 200).length,
      countedLimited: await keyCounters(client, [fleetKeys.limited]),
      countedTraffic: await keyCounters(client, benchKeys),
      expectedTraffic: answers.filter((answer) => answer.status === 200).length,
    };
  } finally {
    await client.end().catch(() => undefined);
    await fleet?.close();
    await database.drop();
  }
}

/** Round trips the driver makes per question: every `Client#query` call is one (the pool's go through it). */
async function measureRoundTrips(): Promise<{ newQuestion: number; followUp: number }> {
  const database = await createTestDatabase();
  const server = await startTestServer({ config: { ...defaultConfig, database: { url: database.url } } });
  let queries = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...parameters: unknown[]) {
    queries++;
    return (original as (...values: unknown[]) => unknown).apply(this, parameters);
  } as typeof original;
  try {
    const askDemo = async (threadId: string | null) =>
      (await ask(server.url, 'svc_dsc_demo', 'How do I change the accent color?', threadId, 'demo')).threadId;
    const rounds = 20;
    let newQueries = 0;
    let followUpQueries = 0;
    for (let round = 0; round < rounds; round++) {
      let before = queries;
      const threadId = await askDemo(null);
      newQueries += queries - before;
      before = queries;
      await askDemo(threadId);
      followUpQueries += queries - before;
    }
    return { newQuestion: newQueries / rounds, followUp: followUpQueries / rounds };
  } finally {
    pg.Client.prototype.query = original;
    await server.close();
    await database.drop();
  }
}

const fleets = [await measureFleet(3), await measureFleet(1)];
const roundTrips = await measureRoundTrips();
const rows = [
  ['', ...fleets.map((figures) => `${figures.instances} instance${figures.instances === 1 ? '' : 's'}`)],
  ['answers (questions + follow-ups)', ...fleets.map((figures) => String(figures.answers))],
  ['errors', ...fleets.map((figures) => String(figures.errors))],
  ['follow-ups that continued their thread', ...fleets.map((figures) => `${figures.continued} / ${questionCount}`)],
  ['answers per second', ...fleets.map((figures) => (figures.answers / figures.seconds).toFixed(1))],
  ['wall time', ...fleets.map((figures) => `${figures.seconds.toFixed(1)} s`)],
  [`limited key (limit ${keyLimit}): allowed of ${questionCount}`, ...fleets.map((figures) => String(figures.allowed))],
  ['  its stored counter', ...fleets.map((figures) => String(figures.countedLimited))],
  ['traffic keys: stored counters / answers', ...fleets.map((figures) => `${figures.countedTraffic} / ${figures.expectedTraffic}`)],
];
const width = Math.max(...rows.map((row) => (row[0] as string).length));
console.log(`\nMany instances on one PostgreSQL (${questionCount} concurrent questions, each with a follow-up on the next instance)`);
for (const row of rows) console.log(`  ${(row[0] as string).padEnd(width)}  ${row.slice(1).map((cell) => cell.padStart(12)).join('')}`);
console.log(`  database round trips per question: ${roundTrips.newQuestion.toFixed(1)} (new thread), ${roundTrips.followUp.toFixed(1)} (follow-up)`);
console.log(`  load average: ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
const exact = fleets.every(
  (figures) => figures.errors === 0 && figures.continued === questionCount && figures.allowed === keyLimit && figures.countedLimited === keyLimit && figures.countedTraffic === figures.expectedTraffic,
);
if (!exact) {
  console.error('FAILED: errors, broken threads or inexact rate-limit counters (see above)');
  process.exitCode = 1;
}
