import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobClaim, JobStorage } from '../storage/storage';

/** Default lease of a job claim: an instance that stops heartbeating loses its jobs after this. */
export const defaultLeaseMilliseconds = 30_000;

/** A name for this process among the instances sharing a database, e.g. `web-1:4242:9f2c1a`. */
export function createInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** A held claim's heartbeat; `stop` ends it (the claim itself stays until finished or released). */
export interface LeaseHeartbeat {
  stop(): void;
}

/**
 * Renews the instance's lease on a job three times per lease, so the lease only runs out when
 * the instance is gone. When a renewal finds the claim lost (the job was archived, or the lease
 * expired and another instance took it) `onLost` is called once, so the run stops before it
 * could overlap with another instance's.
 */
export function startHeartbeat(
  store: JobStorage,
  jobId: string,
  claim: JobClaim,
  onLost: () => void,
  onError: (error: unknown) => void,
): LeaseHeartbeat {
  let stopped = false;
  const timer = setInterval(() => {
    store.renewLease(jobId, claim, Date.now()).then(
      (held) => {
        if (held || stopped) return;
        stopped = true;
        clearInterval(timer);
        onLost();
      },
      // A failed renewal (database briefly away) is retried at the next beat; the lease has slack for it.
      onError,
    );
  }, Math.max(10, Math.floor(claim.leaseMilliseconds / 3)));
  // Heartbeats alone never keep the process alive.
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
