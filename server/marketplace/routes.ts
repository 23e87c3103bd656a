import { Hono } from 'hono';
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
  app.get('/market/patterns', (c) => listPatterns(c, deps));
  app.post('/market/patterns', (c) => publishPattern(c, deps));
  app.get('/market/mine', (c) => myPatterns(c, deps));
  app.get('/market/patterns/:id', (c) => getPattern(c, deps));
  app.delete('/market/patterns/:id', (c) => unpublishPattern(c, deps));
  app.put('/market/patterns/:id/rating', (c) => ratePattern(c, deps));
  app.delete('/market/patterns/:id/rating', (c) => unratePattern(c, deps));
  app.post('/market/patterns/:id/uses', (c) => recordUse(c, deps));
  addProgramRoutes(app, deps); // published programs (issue #35)
  return app;
}
