/**
 * `npm run install-weight`: what `npm i docent` costs a user. Packs this package as it would be
 * published (`npm pack`), installs the tarball into an empty temporary package, and prints the
 * packages installed, their size on disk, the ones with install scripts and whether `react`
 * came along; exits 1 over the budget ({@link installBudget}). Builds first (`npm run build`)
 * when `dist/` is missing or older than the sources. Needs only the npm registry (or its cache).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The budget issue 9 set for `npm i docent`. */
export const installBudget = {
  /** Packages installed, the widget itself included. */
  packages: 5,
  /** Bytes on disk under `node_modules`. */
  bytes: 5_000_000,
} as const;

/** What installing the packed package into an empty package gave. */
export interface InstallWeight {
  /** Every package under `node_modules`, by name (`docent`, `preact`, `@preact/signals`…). */
  packages: string[];
  /** The size of every file under `node_modules`, in bytes. */
  bytes: number;
  /** Packages with a `preinstall`, `install` or `postinstall` script (or a `binding.gyp`). */
  withInstallScripts: string[];
  /** Whether `react` was installed (it must not be outside React apps). */
  hasReact: boolean;
}

const repositoryRoot = new URL('..', import.meta.url).pathname;
// Anything the build reads: a newer file here than the build output means the output is stale.
const buildInputs = ['src', 'package.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json'];
const buildOutputs = ['dist/index.js', 'dist/element.js', 'dist/client.js', 'dist/docent.js', 'dist/types/index.d.ts'];

function newestModification(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestModification(join(path, name))));
}

/** Whether `dist/` is missing or older than a source it is built from. */
export function isBuildStale(root = repositoryRoot): boolean {
  const outputs = buildOutputs.map((path) => join(root, path));
  if (!outputs.every((path) => existsSync(path))) return true;
  const built = Math.min(...outputs.map((path) => statSync(path).mtimeMs));
  const inputs = buildInputs.map((path) => join(root, path)).filter((path) => existsSync(path));
  return inputs.some((path) => newestModification(path) > built);
}

const npm = (args: readonly string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Runs `npm pack` into `destination` and returns the tarball's path. */
export function packPackage(destination: string, root = repositoryRoot): string {
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', destination], root)) as [{ filename: string }];
  return join(destination, packed.filename);
}

/** Installs `tarball` into a new empty package under `folder` and measures what came with it. */
export function installAndMeasure(tarball: string, folder: string): InstallWeight {
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'install-weight-probe', version: '1.0.0', private: true }));
  npm(['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], folder);
  const lockfile = JSON.parse(readFileSync(join(folder, 'node_modules/.package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const entries = Object.entries(lockfile.packages).filter(([path]) => path.startsWith('node_modules/'));
  const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  return {
    packages: entries.map(([path]) => nameOf(path)).sort(),
    bytes: folderBytes(join(folder, 'node_modules')),
    withInstallScripts: entries.filter(([path, entry]) => entry.hasInstallScript === true || hasInstallScript(join(folder, path))).map(([path]) => nameOf(path)),
    hasReact: entries.some(([path]) => nameOf(path) === 'react'),
  };
}

function hasInstallScript(packageFolder: string): boolean {
  const manifest = JSON.parse(readFileSync(join(packageFolder, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const scripts = manifest.scripts ?? {};
  return ['preinstall', 'install', 'postinstall'].some((name) => name in scripts) || existsSync(join(packageFolder, 'binding.gyp'));
}

function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else total += lstatSync(path).size;
  }
  return total;
}

/** Runs `npm run build` when `dist/` is missing or stale (see {@link isBuildStale}). */
export function ensureBuilt(root = repositoryRoot): void {
  if (isBuildStale(root)) npm(['run', 'build'], root);
}

/** Builds if needed, packs, installs into an empty package in a temporary folder, measures, cleans up. */
export function measureInstallWeight(root = repositoryRoot): InstallWeight {
  ensureBuilt(root);
  const folder = mkdtempSync(join(tmpdir(), 'docent-install-weight-'));
  try {
    return installAndMeasure(packPackage(folder, root), folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The budget's failures for a measured install, as lines saying what is over; empty when within. */
export function overBudget(weight: InstallWeight): string[] {
  const failures: string[] = [];
  if (weight.packages.length > installBudget.packages) {
    failures.push(`${weight.packages.length} packages installed, over the budget of ${installBudget.packages}: ${weight.packages.join(', ')}`);
  }
  if (weight.bytes > installBudget.bytes) {
    failures.push(`${megabytes(weight.bytes)} installed, over the budget of ${megabytes(installBudget.bytes)}`);
  }
  if (weight.withInstallScripts.length > 0) failures.push(`packages with install scripts: ${weight.withInstallScripts.join(', ')}`);
  if (weight.hasReact) failures.push('react was installed: keep it out of the dependencies (and of required peers)');
  return failures;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

function main(): void {
  const weight = measureInstallWeight();
  console.log(`npm i docent (the packed package, into an empty package):`);
  console.log(`  ${weight.packages.length} packages: ${weight.packages.join(', ')}`);
  console.log(`  ${megabytes(weight.bytes)} under node_modules`);
  console.log(`  install scripts: ${weight.withInstallScripts.length === 0 ? 'none' : weight.withInstallScripts.join(', ')}`);
  console.log(`  react: ${weight.hasReact ? 'installed' : 'not installed'}`);
  const failures = overBudget(weight);
  if (failures.length > 0) {
    for (const failure of failures) console.error(failure);
    process.exit(1);
  }
  console.log(`Within the budget (${installBudget.packages} packages, ${megabytes(installBudget.bytes)}, no install scripts, no react).`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
