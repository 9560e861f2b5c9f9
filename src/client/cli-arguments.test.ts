import { describe, expect, it } from 'vitest';
import { parseCommandLine, usage, UsageError } from './cli-arguments.js';

const parse = (argv: string[], environment: Record<string, string | undefined> = {}) => parseCommandLine(argv, environment);
const usageMessage = (argv: string[]) => {
  try {
    parse(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
};

describe('docent eval arguments', () => {
  it('reads the in-process form, where --json names the report file', () => {
    const { command } = parse(['eval', 'questions.json', '--docs', 'docs/en', '--path-prefix', '', '--generator', 'vitepress', '--json', 'out.json', '--verbose', '--page-size', '8']);
    expect(command).toEqual({
      kind: 'eval',
      questionsFile: 'questions.json',
      docs: 'docs/en',
      pathPrefix: '',
      generator: 'vitepress',
      jsonFile: 'out.json',
      pageSize: 8,
      verbose: true,
    });
  });

  it('reads the running-server form, with the domain from --domain or DOCENT_DOMAIN, after options too', () => {
    expect(parse(['--domain', 'acme', 'eval', 'q.json', '--url', 'http://127.0.0.1:4173'])).toMatchObject({
      command: { kind: 'eval', questionsFile: 'q.json', url: 'http://127.0.0.1:4173', verbose: false },
      settings: { domain: 'acme', baseUrl: 'http://127.0.0.1:4173' },
    });
    expect(parse(['eval', 'q.json', '--url', 'http://x'], { DOCENT_DOMAIN: 'docs' }).settings.domain).toBe('docs');
    // Elsewhere --json is still a switch.
    expect(parse(['ask', 'How?', '--json']).settings.json).toBe(true);
  });

  it('refuses what cannot run, saying what to give', () => {
    expect(usageMessage(['eval', 'q.json'])).toContain('Give either --docs');
    expect(usageMessage(['eval', 'q.json', '--docs', 'd', '--url', 'http://x'])).toContain('not both');
    expect(usageMessage(['eval', '--docs', 'd'])).toContain('The question file');
    expect(usageMessage(['eval', 'q.json', 'r.json', '--docs', 'd'])).toContain('one question file');
    expect(usageMessage(['eval', 'q.json', '--url', 'http://x', '--path-prefix', '/docs'])).toContain('apply to --docs only');
    expect(usageMessage(['eval', 'q.json', '--docs', 'd', '--page-size', '0'])).toContain('--page-size must be a whole number from 1 to 20');
    expect(usageMessage(['eval', 'q.json', '--docs', 'd', '--wait'])).toContain("Unknown option '--wait'");
    expect(usage).toContain('docent eval <questions.json> --docs <folder>');
  });
});
