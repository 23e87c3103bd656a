import { z } from 'zod';

/**
 * The rules of an error report (POST /api/errors): server/api/handlers/errors.ts parses with
 * them; the page's reporter types its body with their input type (type-only).
 */
export const errorReportSchema = z
  .object({
    message: z.string().min(1).max(4000),
    category: z.string().max(50).optional(),
    severity: z.enum(['low', 'medium', 'high', 'critical']).optional(),
    name: z.string().max(200).optional(),
    stack: z.string().max(20_000).optional(),
    url: z.string().max(2000).optional(),
    userAgent: z.string().max(1000).optional(),
    timestamp: z.union([z.string().max(100), z.number()]).optional(),
    context: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

/** Up to 50 reports in one request. */
export const errorReportBatchSchema = z.object({
  reports: z.array(errorReportSchema).min(1).max(50),
});

/** The body the page's reporter sends. */
export type ErrorReportBatchBody = z.input<typeof errorReportBatchSchema>;
