import { encode } from '@jridgewell/sourcemap-codec';
import { describe, expect, it } from 'vitest';
import { attributeBytes, budgetVerdict, defaultBudgetKilobytes, moduleOf, packageOf } from './size.js';

describe('packageOf', () => {
  it('names the package of a node_modules path, scoped or not, and our own folders', () => {
    expect(packageOf('../node_modules/preact/dist/preact.module.js')).toBe('preact');
    expect(packageOf('../node_modules/@ai-sdk/react/dist/index.mjs')).toBe('@ai-sdk/react');
    expect(packageOf('../node_modules/ai/node_modules/@ai-sdk/provider-utils/dist/index.mjs')).toBe('@ai-sdk/provider-utils');
    expect(packageOf('../src/core/options.ts')).toBe('docent src/core');
    expect(packageOf('../vite/preload-helper')).toBe('docent (vite/preload-helper)');
  });
});

describe('attributeBytes', () => {
  it('gives each package the code from its segments up to the next, across lines', () => {
    const code = 'AAAABBBB\nCC';
    const map = {
      sources: ['../node_modules/preact/x.js', '../src/ui/y.ts'],
      // Line 1: column 0 from preact, column 4 from src/ui; line 2 has no segment (a template literal).
      mappings: encode([[[0, 0, 0, 0], [4, 1, 0, 0]], []]),
    };
    const pieces = attributeBytes(code, map);
    expect(pieces.get('preact')?.join('')).toBe('AAAA');
    expect(pieces.get('docent src/ui')?.join('')).toBe('BBBB\nCC\n');
  });

  it('calls code before the first segment bundle glue', () => {
    const pieces = attributeBytes('(()=>{X', { sources: ['../src/embed/a.ts'], mappings: encode([[[6, 0, 0, 0]]]) });
    expect(pieces.get('(bundle glue)')?.join('')).toBe('(()=>{');
    expect(pieces.get('docent src/embed')?.join('')).toBe('X\n');
  });
});

describe('moduleOf', () => {
  it('names a module by its path inside node_modules, or from the repository root', () => {
    expect(moduleOf('../node_modules/ai/node_modules/@ai-sdk/provider-utils/dist/index.mjs')).toBe('@ai-sdk/provider-utils/dist/index.mjs');
    expect(moduleOf('../src/ui/Markdown.tsx')).toBe('src/ui/Markdown.tsx');
  });

  it('splits the bundle by module when asked', () => {
    const map = { sources: ['../src/ui/a.ts', '../src/ui/b.ts'], mappings: encode([[[0, 0, 0, 0], [2, 1, 0, 0]]]) };
    const pieces = attributeBytes('AABB', map, moduleOf);
    expect(pieces.get('src/ui/a.ts')?.join('')).toBe('AA');
    expect(pieces.get('src/ui/b.ts')?.join('')).toBe('BB\n');
  });
});

describe('budgetVerdict', () => {
  it('fails a script tag over the budget and passes one within it', () => {
    expect(budgetVerdict(70_001, 70)).toEqual({ over: true, message: 'Over the 70.0 kB gzip budget by 0.0 kB: 70.0 kB gzip.' });
    expect(budgetVerdict(69_500, 70)).toEqual({ over: false, message: 'Within the 70.0 kB gzip budget (0.5 kB to spare).' });
  });

  it('keeps the default budget at the 70 kB issue 9 set', () => {
    expect(defaultBudgetKilobytes).toBeLessThanOrEqual(70);
  });
});
