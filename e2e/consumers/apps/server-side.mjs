// Run by packed-package.spec.ts in a consumer project with plain Node (no DOM), as a
// server-side render would: imports every entry, requires docent/client, prints what it got.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pick = (module, names) => names.filter((name) => typeof module[name] === 'function');

const docent = await import('docent');
const element = await import('docent/element');
const client = await import('docent/client');
const required = require('docent/client');

console.log(
  JSON.stringify({
    docent: pick(docent, ['Assistant', 'mount']),
    element: pick(element, ['DocentChatElement']),
    client: pick(client, ['createAdminClient', 'createAssistantClient']),
    required: pick(required, ['createAdminClient', 'createAssistantClient']),
    registered: typeof customElements !== 'undefined',
  }),
);
