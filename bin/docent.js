#!/usr/bin/env node
// The `docent` command. Runs the built CLI when the package has been built (dist/cli.js), else
// the TypeScript source through tsx (a development checkout).
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli.js', import.meta.url);
if (existsSync(built)) {
  const { main } = await import(built.href);
  await main();
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import(new URL('../src/client/cli.ts', import.meta.url).href);
  await main();
}
