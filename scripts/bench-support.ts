/** Small helpers shared by the sections of `npm run bench:server`. */
import { Worker } from 'node:worker_threads';

/** The value at `rank` percent of `values` (nearest rank), e.g. `percentile(latencies, 95)`. */
export function percentile(values: readonly number[], rank: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** `12.3 ms`, with two decimals below 10 ms. */
export function milliseconds(value: number): string {
  return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}

/**
 * Starts a TypeScript module (`new URL('./x.ts', import.meta.url)`) in a worker thread with
 * `workerData`: the worker needs the TypeScript loader too, as it does not inherit the one tsx
 * registered in this thread.
 */
export function startBenchWorker(module: URL, workerData: unknown): Worker {
  const specifier = JSON.stringify(module.href);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${specifier}); });`, { eval: true, workerData });
}

/**
 * The first message of a worker started with {@link startBenchWorker} that reports
 * `{ result }` or `{ error }`; the worker is terminated once it has answered.
 */
export function workerResult<T>(worker: Worker): Promise<T> {
  return new Promise((resolve, reject) => {
    worker.once('message', (message: { result?: T; error?: string }) => {
      void worker.terminate();
      if (message.error === undefined) resolve(message.result as T);
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
  });
}
