import type { MiddlewareHandler } from 'hono';
import type { AppEnvironment } from './app-environment';
import type { Logger } from './logger';

/**
 * Middleware writing one log line per request: method, path, status, duration (to the last
 * byte of a streamed body), and the domain and thread id when a handler set them. Never the
 * Authorization header, the body, or any message text.
 *
 * @param logger Where lines go.
 * @param clock Milliseconds for durations. Default: `performance.now`.
 */
export function requestLog(logger: Logger, clock: () => number = () => performance.now()): MiddlewareHandler<AppEnvironment> {
  return async (context, next) => {
    const started = clock();
    context.set('logFields', {});
    await next();
    const response = context.res;
    let written = false;
    const write = (outcome: 'completed' | 'aborted') => {
      // A stream cancelled while a read is pending ends both ways; one line is enough.
      if (written) return;
      written = true;
      logger.info({
        event: 'request',
        method: context.req.method,
        path: context.req.path,
        status: response.status,
        durationMs: Math.round((clock() - started) * 10) / 10,
        ...context.get('logFields'),
        ...(outcome === 'aborted' ? { outcome } : {}),
      });
    };
    if (!response.body) {
      write('completed');
      return;
    }
    // A streamed answer is not over when the handler returns: log when its last byte is read.
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            write('completed');
          } else {
            controller.enqueue(value);
          }
        } catch (error) {
          controller.error(error);
          write('aborted');
        }
      },
      async cancel(reason) {
        write('aborted');
        await reader.cancel(reason);
      },
    });
    context.res = new Response(body, response);
  };
}
