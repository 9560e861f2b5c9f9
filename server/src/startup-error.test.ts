import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { StartupError, startupErrorFrom, startupFailureLine } from './startup-error';
import { startServerProcess } from './testing/server-process';

const folder = mkdtempSync(join(tmpdir(), 'docent-startup-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A real listening socket, to make a port busy. */
async function occupyPort(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
  return { server, port: address.port };
}

/** Runs `docent-server` until it exits; its exit code and output. */
async function runServer(environment: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const server = startServerProcess([], environment);
  const code = await server.exited;
  return { code, ...server.output() };
}

const linesOf = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe('startupErrorFrom', () => {
  test('a port in use, from a real second listen, says to stop the other or pick a port', async () => {
    const { server, port } = await occupyPort();
    try {
      const second = createServer();
      const error = await new Promise<Error>((resolve) => {
        second.once('error', resolve);
        second.listen(port, '127.0.0.1');
      });
      const translated = startupErrorFrom(error, { host: '127.0.0.1', port });
      expect(translated).toBeInstanceOf(StartupError);
      expect(translated?.message).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(translated?.message).toContain(`PORT=${port + 1}`);
    } finally {
      server.close();
    }
  });

  test('a data folder that is a file, from a real mkdir, says what is in the way', () => {
    const file = join(folder, 'not-a-folder');
    writeFileSync(file, '');
    let error: unknown;
    try {
      mkdirSync(join(file, 'data'), { recursive: true });
    } catch (caught) {
      error = caught;
    }
    expect(startupErrorFrom(error, { dataDir: join(file, 'data') })?.message).toContain('is not a folder');
  });

  test('read-only and full data folders, as the file system and SQLite report them', () => {
    const systemError = (code: string) => Object.assign(new Error(code), { code });
    for (const code of ['EROFS', 'EACCES', 'SQLITE_READONLY']) {
      expect(startupErrorFrom(systemError(code), { dataDir: '/srv/docent' })?.message).toMatch(/^The data folder \/srv\/docent is read-only .*DOCENT_DATA_DIR/);
    }
    for (const code of ['ENOSPC', 'SQLITE_FULL']) {
      expect(startupErrorFrom(systemError(code), { dataDir: '/srv/docent' })?.message).toMatch(/^The disk holding the data folder \/srv\/docent is full/);
    }
    expect(startupErrorFrom(new Error('anything else'), {})).toBeUndefined();
  });

  test('a configuration error becomes one line; an unexpected error one line without its stack', () => {
    const configError = Object.assign(new Error('Invalid config file /x.json:\n  limits.perIpPerDay: a limit must be at least 1\n  trustProxy: expected boolean'), { name: 'ConfigError' });
    expect(startupFailureLine(configError)).toBe('Invalid config file /x.json: limits.perIpPerDay: a limit must be at least 1; trustProxy: expected boolean');
    expect(startupFailureLine(new TypeError('boom\n    at somewhere'))).toMatch(/^Docent could not start: TypeError: boom \(/);
  });
});

describe('docent-server start-up failures print one line and exit 1', () => {
  test('port in use, bad config, and a data folder that cannot be made', async () => {
    const { server, port } = await occupyPort();
    const badConfig = join(folder, 'bad.json');
    writeFileSync(badConfig, JSON.stringify({ organizations: [], limits: { perIpPerDay: 0 } }));
    const blocked = join(folder, 'blocked');
    writeFileSync(blocked, '');
    try {
      const [portInUse, invalidConfig, dataFolderBlocked] = await Promise.all([
        runServer({ PORT: String(port), DOCENT_DATA_DIR: join(folder, 'data-port') }),
        runServer({ PORT: '0', DOCENT_CONFIG: badConfig, DOCENT_DATA_DIR: join(folder, 'data-config') }),
        runServer({ PORT: '0', DOCENT_DATA_DIR: join(blocked, 'data') }),
      ]);
      for (const run of [portInUse, invalidConfig, dataFolderBlocked]) {
        expect(run.code).toBe(1);
        expect(linesOf(run.stderr)).toHaveLength(1);
        expect(run.stderr).not.toMatch(/\n\s+at /);
      }
      expect(portInUse.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(invalidConfig.stderr).toMatch(/^Invalid config file .*bad\.json: .*limits\.perIpPerDay: a limit must be at least 1/);
      expect(dataFolderBlocked.stderr).toContain('is not a folder');
    } finally {
      server.close();
    }
  }, 60_000);
});
