import { z } from 'zod';
import { isTimeZone } from '../domain/reminders/zone';
import { MAX_REMINDERS, reminderProblem } from '../domain/reminders/schedule';

/**
 * The request bodies of /api/push (server/README.md § Push): server/push/routes.ts parses
 * with them, the app's client (src/backend/api/pushApi.ts) types its bodies with their input
 * types (type-only: the page loads no zod for them). The answers' shapes are in ./push.ts.
 */

const b64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

const reminderSchema = z
  .object({
    id: z.string().min(1).max(64),
    days: z.array(z.number().int()).min(1).max(7),
    time: z.string().max(5),
    patternId: z.string().min(1).max(100),
    patternName: z.string().min(1).max(100),
  })
  .strict()
  .superRefine((r, ctx) => {
    const problem = reminderProblem(r);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** PUT /api/push/subscription: this device's subscription, its time zone and reminders. */
export const subscriptionSchema = z
  .object({
    subscription: z.object({
      endpoint: z.string().min(1).max(2048),
      expirationTime: z.number().nullish(),
      keys: z.object({ p256dh: b64url(80, 100), auth: b64url(16, 32) }),
    }),
    timeZone: z.string().refine(isTimeZone, 'is not a time zone this server knows'),
    reminders: z.array(reminderSchema).max(MAX_REMINDERS, `at most ${MAX_REMINDERS} reminders`),
  })
  .strict();

/** The body as the app sends it. */
export type SubscriptionBody = z.input<typeof subscriptionSchema>;
