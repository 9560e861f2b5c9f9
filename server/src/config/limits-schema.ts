import { availableParallelism } from 'node:os';
import { z } from 'zod/v4';
import { defaultRequestBounds } from '../assistant/request-schema';
import { maximumBodyBytes } from '../http/json-body';
import { positiveLimit, positiveLimitOf } from './field-schemas';

/** Default of `limits.maxConcurrentAnswers`: 128 answers in progress per CPU core. */
export const defaultMaxConcurrentAnswers = 128 * availableParallelism();

/**
 * Request budgets and input bounds (README "Limits"). Message budgets are charged only for a
 * request that reaches the model (its body valid); polls and rejected requests have their own.
 */
export const limitsSchema = z.strictObject({
  /** Messages (valid assistant requests) per assistant key per calendar month. */
  perKeyPerMonth: positiveLimit.default(10_000),
  /** Messages per organization per hour. */
  perOrganizationPerHour: positiveLimit.default(10_000),
  /** Messages per client IP per day. */
  perIpPerDay: positiveLimit.default(10_000),
  /** Agent-job reads (GET: job polling, job lists) per admin key per hour; apart from messages. */
  pollsPerKeyPerHour: positiveLimit.default(3_600),
  /** Agent-job reads per client IP per hour. */
  pollsPerIpPerHour: positiveLimit.default(3_600),
  /** Rejected requests (any 4xx answer) per client IP per minute, counted in memory; past it, 429. */
  rejectedPerIpPerMinute: positiveLimit.default(60),
  /** Largest request body, in bytes. */
  maximumBodyBytes: positiveLimit.default(maximumBodyBytes),
  /** Longest question (the last user message), in characters. */
  maximumQuestionCharacters: positiveLimit.default(defaultRequestBounds.maximumQuestionCharacters),
  /** Longest earlier message of the conversation, in characters. */
  maximumMessageCharacters: positiveLimit.default(defaultRequestBounds.maximumMessageCharacters),
  /** Most messages in one request. */
  maximumMessages: positiveLimit.default(defaultRequestBounds.maximumMessages),
  /** Most context items (code blocks, selections) in one request. */
  maximumContextItems: positiveLimit.default(defaultRequestBounds.maximumContextItems),
  /** Longest context item value, in characters. */
  maximumContextCharacters: positiveLimit.default(defaultRequestBounds.maximumContextCharacters),
  /**
   * Answers in progress at once (from the request's arrival to the answer's last byte); past it a
   * request gets 503 with `Retry-After`, before any rate-limit charge. Default: 128 per CPU core
   * (`os.availableParallelism()`), 256 on 2 cores, where a burst of 200 still starts within
   * 300 ms; raise it for a slow remote model, whose answers mostly wait.
   */
  maxConcurrentAnswers: positiveLimit.default(defaultMaxConcurrentAnswers),
});

/** Size limits of one thread; past them the client is told to start a new thread. */
export const threadLimitsSchema = z.strictObject({
  /** Most messages (questions and answers) in a thread. Default: 1000. */
  maxMessages: positiveLimitOf('threadLimits.maxMessages').default(1_000),
  /** Most UTF-8 bytes of message text in a thread. Default: 2,000,000. */
  maxBytes: positiveLimitOf('threadLimits.maxBytes').default(2_000_000),
});

/** Request budgets and input bounds (spec section 8, README "Limits"). */
export type LimitsConfig = z.output<typeof limitsSchema>;
