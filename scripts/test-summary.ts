/**
 * Prints the one CI summary line, `N passed, N failed`, over the unit (Vitest) and e2e
 * (Playwright) JSON reports in `reports/` (not `test-results/`, which Playwright empties when it starts). A report that is missing because its runner
 * never started counts as one failure, so a broken run can never look green.
 */
import { existsSync, readFileSync } from 'node:fs';

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests?: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

function readJson<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

let passed = 0;
let failed = 0;
let skipped = 0;

const unit = readJson<VitestReport>('reports/unit.json');
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests ?? 0;
} else {
  console.error('reports/unit.json is missing: the unit tests did not run to the end');
  failed += 1;
}

const e2e = readJson<PlaywrightReport>('reports/e2e.json');
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  if (e2e.stats.flaky > 0) console.error(`${e2e.stats.flaky} e2e test(s) passed only on their retry (flaky): see the list above`);
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
} else {
  console.error('reports/e2e.json is missing: the e2e tests did not run to the end');
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
