/**
 * `npm run install-weight:apps`: the JavaScript an app ships because of Docent. Packs this
 * package, then builds two tiny Vite apps per framework (Preact, React) from an empty folder:
 * one rendering a paragraph, one also calling `mount()` from the packed `docent`. The
 * difference in gzip size of their JavaScript (every chunk, lazy ones too) is Docent's cost, to
 * compare with the script tag's (`npm run size`). Builds first when `dist/` is stale. Needs the
 * npm registry (or its cache) for the frameworks; uses this repository's Vite.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { isBuildStale, packPackage } from './install-weight.js';

const repositoryRoot = new URL('..', import.meta.url).pathname;
const viteBinary = join(repositoryRoot, 'node_modules/vite/bin/vite.js');

/** A framework's tiny app: its packages and its entry without and with Docent. */
interface Framework {
  name: string;
  packages: string[];
  entry: string;
}

const frameworks: readonly Framework[] = [
  {
    name: 'Preact',
    packages: ['preact'],
    entry: `import { h, render } from 'preact';\nrender(h('p', null, 'Hello'), document.getElementById('app'));\n`,
  },
  {
    name: 'React',
    packages: ['react', 'react-dom'],
    entry: `import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('app')).render(createElement('p', null, 'Hello'));\n`,
  },
];

const withDocent = `import { mount } from 'docent';\nmount(document.body, { domain: 'demo', apiKey: 'svc_dsc_demo' });\n`;

/** Gzip bytes (level 9) of every `.js` file an app build wrote, summed. */
function builtJavaScriptGzip(folder: string): number {
  const assets = join(folder, 'dist/assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .reduce((total, name) => total + gzipSync(readFileSync(join(assets, name)), { level: 9 }).length, 0);
}

function buildApp(folder: string, packages: readonly string[], entry: string): number {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }));
  writeFileSync(join(folder, 'index.html'), '<!doctype html><div id="app"></div><script type="module" src="/main.js"></script>\n');
  writeFileSync(join(folder, 'main.js'), entry);
  execFileSync('npm', ['install', ...packages, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder, stdio: 'ignore' });
  execFileSync(process.execPath, [viteBinary, 'build', '--logLevel', 'error'], { cwd: folder, stdio: 'inherit' });
  return builtJavaScriptGzip(folder);
}

function main(): void {
  if (isBuildStale()) execFileSync('npm', ['run', 'build'], { cwd: repositoryRoot, stdio: 'inherit' });
  const folder = mkdtempSync(join(tmpdir(), 'docent-app-weight-'));
  try {
    const tarball = packPackage(folder);
    const scriptTag = gzipSync(readFileSync(join(repositoryRoot, 'dist/docent.js')), { level: 9 }).length;
    console.log(`script tag (dist/docent.js): ${(scriptTag / 1000).toFixed(1)} kB gzip`);
    for (const framework of frameworks) {
      const base = buildApp(join(folder, `${framework.name}-base`), framework.packages, framework.entry);
      const docent = buildApp(join(folder, `${framework.name}-docent`), [...framework.packages, tarball], framework.entry + withDocent);
      const cost = docent - base;
      console.log(
        `${framework.name} app: ${(base / 1000).toFixed(1)} kB gzip without Docent, ${(docent / 1000).toFixed(1)} kB with: ` +
          `Docent adds ${(cost / 1000).toFixed(1)} kB (${cost <= scriptTag ? 'within' : 'over'} the script tag's)`,
      );
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
