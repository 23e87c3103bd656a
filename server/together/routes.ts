import { Hono } from 'hono';
import { TOGETHER_API } from '../../src/contracts/together';
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
  app.on(TOGETHER_API.time.method, TOGETHER_API.time.path, (c) => serverTime(c, deps));
  app.on(TOGETHER_API.start.method, TOGETHER_API.start.path, (c) => createTogether(c, deps));
  app.on(TOGETHER_API.session.method, TOGETHER_API.session.path, (c) => readTogether(c, deps));
  app.on(TOGETHER_API.join.method, TOGETHER_API.join.path, (c) => joinTogether(c, deps));
  return app;
}
