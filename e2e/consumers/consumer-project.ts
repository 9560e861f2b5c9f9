import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository root. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const apps = fileURLToPath(new URL('./apps/', import.meta.url));
const projectModules = join(projectRoot, 'node_modules');

/** A consumer's project in a temporary folder, with the packed `docent` installed. */
export interface ConsumerProject {
  /** The project folder (its own package.json, `node_modules/docent` from the tarball). */
  readonly folder: string;
  /** Copies `e2e/consumers/apps/<name>` into the project and returns where it now is. */
  addApp(name: string): string;
  /** Runs `node <script> …arguments` in `cwd`; rejects with its output when it fails. */
  node(script: string, parameters: readonly string[], cwd: string): Promise<string>;
  /** Removes the folder. */
  remove(): void;
}

/**
 * Packs the package as `npm publish` would (`npm pack`, so only what `files` lists) and
 * installs the tarball into a fresh project outside the repository: unpacked into its
 * `node_modules/docent`. The other packages a consumer has (react, vue, vite, the package's own
 * dependencies) are links to the repository's `node_modules`, which keeps the test offline and
 * fast; resolution from the consumer's files goes through the project's own `node_modules`,
 * as it would after `npm install docent`.
 */
export async function createConsumerProject(): Promise<ConsumerProject> {
  if (!existsSync(join(projectRoot, 'dist/types/index.d.ts'))) {
    throw new Error('dist/ is not built: run npm run build before the e2e tests (npm run test:e2e does both)');
  }
  const folder = mkdtempSync(join(tmpdir(), 'docent-consumer-'));
  try {
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', folder], { cwd: snapshotPackage(folder) });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string }>;
    if (packed === undefined) throw new Error(`npm pack printed no tarball: ${stdout}`);
    const modules = join(folder, 'node_modules');
    mkdirSync(modules);
    await run('tar', ['-xzf', join(folder, packed.filename), '-C', modules]);
    renameSync(join(modules, 'package'), join(modules, 'docent'));
    rmSync(join(folder, 'package-source'), { recursive: true, force: true });
    linkDependencies(modules);
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    folder,
    addApp(name) {
      const app = join(folder, name);
      cpSync(join(apps, name), app, { recursive: true });
      return app;
    },
    async node(script, parameters, cwd) {
      try {
        const { stdout, stderr } = await run(process.execPath, [script, ...parameters], { cwd, timeout: 150_000 });
        return `${stdout}${stderr}`;
      } catch (error) {
        const failed = error as Error & { stdout?: string; stderr?: string };
        throw new Error(`node ${script} ${parameters.join(' ')} failed in ${cwd}:\n${failed.stdout ?? ''}${failed.stderr ?? failed.message}`);
      }
    },
    remove() {
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

// What `npm pack` reads, copied first: a rebuild while the spec runs (`vite build` empties
// dist/) cannot then hand the pack a half-written dist/.
function snapshotPackage(folder: string): string {
  const snapshot = join(folder, 'package-source');
  for (const name of readdirSync(projectRoot)) {
    if (['package.json', 'bin', 'dist'].includes(name) || /^(README|LICENSE)/i.test(name)) {
      cpSync(join(projectRoot, name), join(snapshot, name), { recursive: true });
    }
  }
  return snapshot;
}

// Links every package of the repository except docent itself; VitePress's own Vite 5 Vue plugin
// is linked too, for the Vue app (Vue's plugin is not otherwise installed here).
function linkDependencies(modules: string): void {
  for (const name of readdirSync(projectModules)) {
    if (name.startsWith('.') || name === 'docent') continue;
    symlinkSync(join(projectModules, name), join(modules, name));
  }
  mkdirSync(join(modules, '@vitejs'));
  symlinkSync(join(projectModules, 'vitepress/node_modules/@vitejs/plugin-vue'), join(modules, '@vitejs/plugin-vue'));
}

/** Programs a consumer runs, from the repository's `node_modules`. */
export const tools = {
  vite: join(projectModules, 'vite/bin/vite.js'),
  /** Vite 5, which VitePress and its Vue plugin are made for. */
  vite5: join(projectModules, 'vitepress/node_modules/vite/bin/vite.js'),
  vitepress: join(projectModules, 'vitepress/bin/vitepress.js'),
  typescript: join(projectModules, 'typescript/bin/tsc'),
};
