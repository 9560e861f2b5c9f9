import { parentPort, workerData } from 'node:worker_threads';
import { createDialect } from './dialects/create-dialect';
import { DocsFolderError } from './page-files';
import { parsePage, type ParseWorkerMessage, type ParseWorkerRequest, type ParseWorkerSetup } from './parse-pool';

// A worker thread of the ParsePool (started through parse-pool-worker.js, which registers the
// TypeScript loader): makes the main thread's dialect again, says it is ready, then parses the
// pages it is sent.
const port = parentPort;
if (port === null) throw new Error('parse-pool-worker runs as a worker thread of ParsePool');
const setup = workerData as ParseWorkerSetup;
const dialect = await createDialect(setup.generator, setup.options);
const reply = (message: ParseWorkerMessage) => port.postMessage(message);

port.on('message', ({ id, source, file }: ParseWorkerRequest) => {
  parsePage(source, file, dialect).then(
    (page) => reply({ type: 'parsed', id, page }),
    (error: unknown) => reply(error instanceof DocsFolderError ? { type: 'invalid', id, file: error.file, message: error.message } : { type: 'failed', id }),
  );
});
reply({ type: 'ready', fingerprint: dialect.fingerprint });
