import { Hono } from 'hono';
import { MARKETPLACE_API } from '../../src/contracts/marketplace';
import type { MarketplaceDeps } from './listing';
import { getPattern, listPatterns, myPatterns } from './listing';
import { addProgramRoutes } from './programs';
import { publishPattern, ratePattern, recordUse, unpublishPattern, unratePattern } from './writes';

/**
 * The pattern marketplace, mounted at /api (docs/product.md § Discovery). Reads are open to
 * guests (the anon key); writes need a signed-in user. Every request runs as its caller,
 * so the row-level-security policies of supabase/migrations/20261123070000_marketplace.sql
 * decide who may write what.
 */
export function marketplaceRoutes(deps: MarketplaceDeps): Hono {
  const app = new Hono();
  app.on(MARKETPLACE_API.patterns.method, MARKETPLACE_API.patterns.path, (c) => listPatterns(c, deps));
  app.on(MARKETPLACE_API.publishPattern.method, MARKETPLACE_API.publishPattern.path, (c) => publishPattern(c, deps));
  app.on(MARKETPLACE_API.mine.method, MARKETPLACE_API.mine.path, (c) => myPatterns(c, deps));
  app.on(MARKETPLACE_API.pattern.method, MARKETPLACE_API.pattern.path, (c) => getPattern(c, deps));
  app.on(MARKETPLACE_API.unpublishPattern.method, MARKETPLACE_API.unpublishPattern.path, (c) => unpublishPattern(c, deps));
  app.on(MARKETPLACE_API.rate.method, MARKETPLACE_API.rate.path, (c) => ratePattern(c, deps));
  app.on(MARKETPLACE_API.unrate.method, MARKETPLACE_API.unrate.path, (c) => unratePattern(c, deps));
  app.on(MARKETPLACE_API.recordUse.method, MARKETPLACE_API.recordUse.path, (c) => recordUse(c, deps));
  addProgramRoutes(app, deps); // published programs (issue #35)
  return app;
}
