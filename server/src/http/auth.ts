import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { assistantKeyPrefix, type DocentConfig } from '../config';
import { ApiError } from './api-error';
import type { AppEnvironment } from './app-environment';

/** What an assistant key (`svc_dsc_…`) may do: call the assistant of one domain. */
export interface AssistantKeyGrant {
  kind: 'assistant';
  organization: string;
  domain: string;
  /** SHA-256 of the key (hex), for counters; the key itself is never kept. */
  keyHash: string;
}

/** What an admin key (`svc_…`) may do: act on the listed projects of its organization. */
export interface AdminKeyGrant {
  kind: 'admin';
  organization: string;
  projects: readonly string[];
  /** SHA-256 of the key (hex), for counters; the key itself is never kept. */
  keyHash: string;
}

/** The holder of a valid key. */
export type KeyGrant = AssistantKeyGrant | AdminKeyGrant;

const hashKey = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/**
 * The configured keys, held as SHA-256 hashes. Lookups compare the presented key's hash with
 * every stored hash in constant time, so response timing says nothing about near misses.
 */
export class KeyRegistry {
  readonly #entries: { hash: Buffer; grant: KeyGrant }[] = [];

  /** Collects every assistant and admin key of the configuration. */
  constructor(config: Pick<DocentConfig, 'organizations'>) {
    for (const organization of config.organizations) {
      for (const domain of organization.domains) {
        for (const key of domain.assistantKeys) {
          const hash = hashKey(key);
          this.#entries.push({
            hash,
            grant: { kind: 'assistant', organization: organization.id, domain: domain.id, keyHash: hash.toString('hex') },
          });
        }
      }
      for (const entry of organization.adminKeys) {
        const hash = hashKey(entry.key);
        this.#entries.push({
          hash,
          grant: { kind: 'admin', organization: organization.id, projects: entry.projects, keyHash: hash.toString('hex') },
        });
      }
    }
  }

  /** The grant of a key, or `undefined` when no such key is configured. */
  identify(key: string): KeyGrant | undefined {
    const presented = hashKey(key);
    let found: KeyGrant | undefined;
    // No early exit: every entry is compared whatever matches.
    for (const entry of this.#entries) {
      if (timingSafeEqual(entry.hash, presented)) found = entry.grant;
    }
    return found;
  }
}

/**
 * Reads the key from `Authorization: Bearer <key>`.
 *
 * @returns The key, or `undefined` when the header is absent.
 * @throws ApiError 401 when the header is present but not a Bearer credential.
 */
export function readBearerKey(authorization: string | undefined): string | undefined {
  if (authorization === undefined || authorization.trim() === '') return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  if (!match?.[1]) {
    throw new ApiError(401, 'invalid_authorization', 'The Authorization header must be "Bearer <key>", e.g. "Bearer svc_dsc_…".', {
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
  }
  return match[1];
}

/** Reads and identifies the Bearer key, answering 401 when it is missing or unknown. */
function identifyRequest(registry: KeyRegistry, authorization: string | undefined, expected: string): KeyGrant {
  const key = readBearerKey(authorization);
  if (key === undefined) {
    throw new ApiError(401, 'missing_api_key', `This endpoint needs ${expected}: send it as "Authorization: Bearer <key>".`, {
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
  }
  const grant = registry.identify(key);
  if (!grant) {
    throw new ApiError(401, 'invalid_api_key', `This key is not valid: use ${expected} from the server's configuration.`, {
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    });
  }
  return grant;
}

/**
 * Middleware for the assistant endpoints: only an assistant key (`svc_dsc_…`) of the domain in
 * the path passes. Missing or unknown key → 401; admin key or another domain's key → 403.
 *
 * @param registry The configured keys.
 * @param domainOf Reads the domain id from the request (default: the `:domain` path parameter).
 */
export function requireAssistantKey(
  registry: KeyRegistry,
  domainOf: (context: Parameters<MiddlewareHandler<AppEnvironment>>[0]) => string = (context) => context.req.param('domain') ?? '',
): MiddlewareHandler<AppEnvironment> {
  return async (context, next) => {
    const domain = domainOf(context);
    const expected = `an assistant key (${assistantKeyPrefix}…) of domain "${domain}"`;
    const grant = identifyRequest(registry, context.req.header('authorization'), expected);
    if (grant.kind !== 'assistant') {
      throw new ApiError(
        403,
        'wrong_key_kind',
        `This endpoint needs ${expected}; an admin key is secret and only works on the agent endpoints.`,
      );
    }
    if (grant.domain !== domain) {
      throw new ApiError(
        403,
        'key_not_for_domain',
        `This assistant key belongs to another domain; use ${expected}.`,
      );
    }
    context.set('grant', grant);
    await next();
  };
}

/**
 * Middleware for the agent endpoints: only an admin key (`svc_…`) that reaches the project in
 * the path passes. Missing or unknown key → 401; assistant key or a project the key does not
 * reach → 403.
 *
 * @param registry The configured keys.
 * @param projectOf Reads the project id from the request (default: the `:projectId` path parameter).
 */
export function requireAdminKey(
  registry: KeyRegistry,
  projectOf: (context: Parameters<MiddlewareHandler<AppEnvironment>>[0]) => string = (context) => context.req.param('projectId') ?? '',
): MiddlewareHandler<AppEnvironment> {
  return async (context, next) => {
    const project = projectOf(context);
    const expected = `an admin key (svc_…) that reaches project "${project}"`;
    const grant = identifyRequest(registry, context.req.header('authorization'), expected);
    if (grant.kind !== 'admin') {
      throw new ApiError(
        403,
        'wrong_key_kind',
        `This endpoint needs ${expected}; assistant keys (${assistantKeyPrefix}…) only work on the assistant endpoints.`,
      );
    }
    if (!grant.projects.includes(project)) {
      throw new ApiError(
        403,
        'project_not_allowed',
        `This admin key does not reach project "${project}"; add the project to the key's projects in the configuration.`,
      );
    }
    context.set('grant', grant);
    await next();
  };
}
