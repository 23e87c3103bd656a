import { describe, expect, it, vi } from 'vitest';

describe('zod under a CSP without eval', () => {
  it('is jitless once the app set its flag, and never calls Function', async () => {
    await import('../../src/app/noEvalZod');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const spy = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ a: z.number(), b: z.string().optional() });
    expect(schema.parse({ a: 1 })).toEqual({ a: 1 });
    expect(schema.safeParse({ a: 'x' }).success).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });
});
