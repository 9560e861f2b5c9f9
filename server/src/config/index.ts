/**
 * The server's configuration (`docent.config.json`): its schema, the embedded demo default,
 * environment overrides and loading. Import from here (`../config`), not from the modules.
 */
export { ConfigError } from './config-error';
export { defaultConfig } from './defaults';
export { assistantKeyPrefix } from './field-schemas';
export { defaultMaxConcurrentAnswers, type LimitsConfig } from './limits-schema';
export { loadConfig, type LoadConfigOptions } from './load-config';
export { parseConfig, type DocentConfig, type ParseConfigOptions } from './parse-config';
export type { DocentConfigInput, DomainConfig, OrganizationConfig, ProjectConfig } from './schema';
