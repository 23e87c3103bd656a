import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from '../../db/types';
import type { Secrets } from '../../secrets';
import { pathWithin, type Endpoint } from '../../../src/contracts/endpoint';
import { VISION_API, VISION_MOUNT } from '../../../src/contracts/vision';
import { apiError } from '../respond';
import { listVisionSessions, postVisionSessions, visionSessionSummary } from './handlers';

/** A summary is well under 1 KB; 50 of them fit easily. A body this large is not a summary. */
export const VISION_BODY_BYTES = 64 * 1024;

/**
 * The camera summaries, mounted at /api/vision (src/contracts/vision.ts) (docs/product.md § Vision): signed-in users
 * store and read the aggregate figures of their own sessions. There is no frame endpoint:
 * frames never leave the device.
 */
export function visionRoutes(deps: { db: Db; secrets: Secrets }): Hono {
  const app = new Hono();
  app.use(
    '*',
    bodyLimit({
      maxSize: VISION_BODY_BYTES,
      onError: (c) =>
        apiError(c, 413, 'payload_too_large', `The body is larger than ${VISION_BODY_BYTES} bytes`),
    }),
  );
  const within = (ep: Endpoint) => pathWithin(VISION_MOUNT, ep.path);
  app.on(VISION_API.upload.method, within(VISION_API.upload), (c) => postVisionSessions(c, deps));
  app.on(VISION_API.list.method, within(VISION_API.list), (c) => listVisionSessions(c, deps));
  app.on(VISION_API.summary.method, within(VISION_API.summary), (c) => visionSessionSummary(c, deps));
  return app;
}
