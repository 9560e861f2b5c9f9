import type { HttpBindings } from '@hono/node-server';
import type { KeyGrant } from './auth';

/** Fields a handler adds to its request's log line. Never keys or message text. */
export interface RequestLogFields {
  domain?: string;
  threadId?: string;
  project?: string;
}

/**
 * The Hono environment of every route: Node's bindings (for the client address) and the
 * variables middleware hands to handlers.
 */
export interface AppEnvironment {
  Bindings: HttpBindings;
  Variables: {
    /** Who the Bearer key belongs to; set by the auth middleware. */
    grant: KeyGrant | undefined;
    /** Extra fields for the request log line. */
    logFields: RequestLogFields;
  };
}
