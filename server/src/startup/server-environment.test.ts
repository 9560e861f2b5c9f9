import { describe, expect, test } from 'vitest';
import { ConfigError } from '../config';
import { checkParseThreads, drainPeriodFrom, portFrom } from './server-environment';

describe('PORT', () => {
  test('unset or blank means the default; 0 to 65535 are taken as they are', () => {
    expect(portFrom(undefined)).toBeUndefined();
    expect(portFrom('  ')).toBeUndefined();
    expect(portFrom('0')).toBe(0);
    expect(portFrom('65535')).toBe(65_535);
  });

  test('anything else stops start-up with the bad value named', () => {
    for (const value of ['-1', '65536', '80.5', 'http']) {
      expect(() => portFrom(value)).toThrow(ConfigError);
      expect(() => portFrom(value)).toThrow(`PORT must be a whole number from 0 to 65535, not ${JSON.stringify(value)}`);
    }
  });
});

describe('DOCENT_SHUTDOWN_DRAIN_SECONDS', () => {
  test('seconds become whole milliseconds; unset or blank means none', () => {
    expect(drainPeriodFrom(undefined)).toBeUndefined();
    expect(drainPeriodFrom('')).toBeUndefined();
    expect(drainPeriodFrom('2.5')).toBe(2_500);
    expect(drainPeriodFrom('3600')).toBe(3_600_000);
  });

  test('negative, over an hour or not a number stops start-up', () => {
    for (const value of ['-1', '3601', 'soon', 'Infinity']) expect(() => drainPeriodFrom(value)).toThrow(ConfigError);
  });
});

describe('DOCENT_PARSE_THREADS', () => {
  test('a whole number from 0 to 16, or unset; anything else stops start-up naming the value', () => {
    for (const value of [undefined, '', '0', '3', '16']) expect(() => checkParseThreads(value)).not.toThrow();
    for (const value of ['two', '-1', '1.5', '17']) expect(() => checkParseThreads(value)).toThrow(`DOCENT_PARSE_THREADS must be a whole number of worker threads from 0 (none) to 16, not ${JSON.stringify(value)}`);
  });
});
