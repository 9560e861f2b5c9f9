// The server's entry point: `tsx server/src/main.ts`, `docent-server` (server/bin) and the test
// fixture start here. Each part lives in `startup/`; this file keeps the names importers use.
import { pathToFileURL } from 'node:url';
import { main } from './startup/server-cli';

export { buildIndexes } from './startup/build-indexes';
export { main } from './startup/server-cli';
export { demoSiteExtension, standardExtensions } from './startup/standard-extensions';
export { startServer, type RunningServer, type StartServerOptions } from './startup/start-server';

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
