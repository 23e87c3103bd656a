/**
 * The app runs under a Content-Security-Policy without 'unsafe-eval' (docs/product.md §
 * Backend). zod compiles fast object parsers with `new Function` after probing whether eval
 * is allowed, and that probe alone is reported as a CSP violation. zod reads its settings
 * from this global when it loads (so every copy shares them): `jitless` turns the probe and
 * the compiled fast path off; parsing stays the same. Set here, before any schema loads,
 * without bringing zod into the first load (tests/app/noEvalZod.test.ts checks zod sees it).
 */
const host = globalThis as { __zod_globalConfig?: Record<string, unknown> };
host.__zod_globalConfig = { ...host.__zod_globalConfig, jitless: true };

export {};
