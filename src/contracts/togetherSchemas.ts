import { z } from 'zod';
import { LINK_LIMITS } from '../domain/links/patternLink';

/**
 * The rules of Breathe together's request bodies: server/together/handlers.ts parses with
 * them, and the app's client types its bodies with their input types (type-only: the page
 * loads no zod for them).
 */

/** How a shared session may be set up (docs/product.md § Breathe together). */
export const TOGETHER_LIMITS = Object.freeze({
  /** Seconds from now to the first inhale: time to pass the link around. */
  leadMinSeconds: 5,
  leadMaxSeconds: 3600,
  leadDefaultSeconds: 30,
  /** Sessions of one host that have not ended yet. */
  openPerHost: 5,
  /**
   * Joins counted per session, per client address in one session (an IPv6 client by its /64),
   * and per network around it (IPv4 /24, IPv6 /48) in one session.
   */
  joinsPerSession: 1000,
  joinsPerAddress: 50,
  joinsPerNetwork: 200,
  /** Ended sessions are kept this long (the host can still read the count), then deleted. */
  keepDays: 7,
});

/** POST /api/together: the pattern is checked by the link codec (checkLinkedPattern). */
export const createSchema = z
  .object({
    pattern: z.unknown(),
    cycles: z
      .number({ error: 'cycles must be a whole number' })
      .int('cycles must be a whole number')
      .min(1, 'cycles must be at least 1')
      .max(LINK_LIMITS.togetherCyclesMax, `cycles can be at most ${LINK_LIMITS.togetherCyclesMax}`),
    startsInSeconds: z
      .number({ error: 'startsInSeconds must be a number of seconds' })
      .int('startsInSeconds must be whole seconds')
      .min(
        TOGETHER_LIMITS.leadMinSeconds,
        `startsInSeconds must be at least ${TOGETHER_LIMITS.leadMinSeconds}`,
      )
      .max(
        TOGETHER_LIMITS.leadMaxSeconds,
        `startsInSeconds can be at most ${TOGETHER_LIMITS.leadMaxSeconds}`,
      )
      .default(TOGETHER_LIMITS.leadDefaultSeconds),
  })
  .strict();

/** POST /api/together/:id/join: a guest's device id (a random UUID the device keeps). */
export const joinSchema = z.object({ device: z.uuid('device must be a UUID') }).strict();

/** POST /api/together's body as the schema takes it (the app's client sends one: src/backend/api/togetherApi.ts). */
export type TogetherCreateBody = z.input<typeof createSchema>;

/** POST /api/together/:id/join's body. */
export type TogetherJoinBody = z.input<typeof joinSchema>;
