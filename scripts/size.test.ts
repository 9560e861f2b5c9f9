import { encode } from '@jridgewell/sourcemap-codec';
import { describe, expect, it } from 'vitest';
import { attributeBytes, packageOf } from './size.js';

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
