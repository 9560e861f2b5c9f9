// `docent-server/eval`: what the `docent eval` command runs, importable from plain Node (the
// server's source is TypeScript, loaded through tsx).
const { register } = await import('tsx/esm/api');
register();
const evalModule = await import(new URL('../src/eval/run-eval.ts', import.meta.url).href);

/** Runs one question set (see server/src/eval/run-eval.ts). */
export const runEvalCommand = evalModule.runEvalCommand;
/** Whether an error is the user's input (a usage error) rather than a failure. */
export const isEvalInputError = evalModule.isEvalInputError;
