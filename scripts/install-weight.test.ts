import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, installBudget, measureInstallWeight, overBudget, type InstallWeight } from './install-weight.js';
import { budgetVerdict, defaultBudgetKilobytes, gzipSize } from './size.js';

const light: InstallWeight = {
  packages: ['@preact/signals', '@preact/signals-core', 'docent', 'preact'],
  bytes: 2_000_000,
  withInstallScripts: [],
  hasReact: false,
};

describe('overBudget', () => {
  it('passes an install within the budget', () => {
    expect(overBudget(light)).toEqual([]);
  });

  it('names each way an install is over the budget', () => {
    const heavy: InstallWeight = {
      packages: [...light.packages, 'ai', 'react'],
      bytes: 89_000_000,
      withInstallScripts: ['better-sqlite3'],
      hasReact: true,
    };
    expect(overBudget(heavy)).toEqual([
      '6 packages installed, over the budget of 5: @preact/signals, @preact/signals-core, docent, preact, ai, react',
      '89.00 MB installed, over the budget of 5.00 MB',
      'packages with install scripts: better-sqlite3',
      'react was installed: keep it out of the dependencies (and of required peers)',
    ]);
  });
});

// Both checks build first when dist/ is stale, so they share this file: they run one after the other.
describe('the built package', () => {
  it(`ships a script tag within the ${defaultBudgetKilobytes} kB gzip budget (npm run size)`, () => {
    ensureBuilt();
    const verdict = budgetVerdict(gzipSize(readFileSync(new URL('../dist/docent.js', import.meta.url))), defaultBudgetKilobytes);
    expect(verdict.over, verdict.message).toBe(false);
  }, 300_000);

  // Packs and installs for real (building first when dist/ is stale): the registry or its cache.
  it(`installs at most ${installBudget.packages} packages and ${installBudget.bytes / 1_000_000} MB, no install scripts, no react`, () => {
    const weight = measureInstallWeight();
    expect(overBudget(weight)).toEqual([]);
    expect(weight.packages).toContain('docent');
  }, 300_000);
});
