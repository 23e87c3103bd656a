import { Hono } from 'hono';
import {
  createTogether,
  joinTogether,
  readTogether,
  serverTime,
  type TogetherDeps,
} from './handlers';

/**
 * Breathe together, mounted at /api (docs/product.md § Breathe together; server/README.md):
 * the server's clock, shared sessions a member starts, and the joins counted against them.
 */
export function togetherRoutes(deps: TogetherDeps): Hono {
  const app = new Hono();
  app.get('/time', (c) => serverTime(c, deps));
  app.post('/together', (c) => createTogether(c, deps));
  app.get('/together/:id', (c) => readTogether(c, deps));
  app.post('/together/:id/join', (c) => joinTogether(c, deps));
  return app;
}
