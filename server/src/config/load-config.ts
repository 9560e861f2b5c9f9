import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError } from './config-error';
import { defaultConfig, projectRoot } from './defaults';
import { parseConfig, type DocentConfig } from './parse-config';

/** Where `loadConfig` looks. */
export interface LoadConfigOptions {
  /** Command-line arguments; `--config <path>` or `--config=<path>` picks the file. Default: none. */
  argv?: readonly string[];
  /** Environment; `DOCENT_CONFIG` picks the file, `DOCENT_DATA_DIR` the data folder. Default: `process.env`. */
  environment?: NodeJS.ProcessEnv;
  /** Folder holding the default `docent.config.json`. Default: the current directory. */
  cwd?: string;
}

/** Reads `--config <path>` / `--config=<path>` from command-line arguments. */
function configArgument(argv: readonly string[]): string | undefined {
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? '';
    if (argument === '--config') return argv[index + 1];
    if (argument.startsWith('--config=')) return argument.slice('--config='.length);
  }
  return undefined;
}

/**
 * Loads the configuration: the file named by `--config` or `DOCENT_CONFIG`, else
 * `./docent.config.json` when it exists, else the embedded {@link defaultConfig}.
 * Relative paths in a file are resolved against the file's folder.
 *
 * @throws ConfigError when the named file is missing, is not JSON, or is invalid.
 */
export function loadConfig(options: LoadConfigOptions = {}): DocentConfig {
  const environment = options.environment ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const named = configArgument(options.argv ?? []) ?? environment.DOCENT_CONFIG;
  const path = named ? resolve(cwd, named) : resolve(cwd, 'docent.config.json');
  if (!existsSync(path)) {
    if (named) throw new ConfigError(`Config file ${path} does not exist: fix --config / DOCENT_CONFIG, or create it`);
    return parseConfig(defaultConfig, { baseDirectory: projectRoot, environment, sourceName: 'embedded default' });
  }
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseConfig(input, { baseDirectory: dirname(path), environment, sourceName: `config file ${path}`, source: path });
}
