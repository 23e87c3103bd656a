/**
 * The camera summaries on the wire (docs/product.md § Vision): the endpoints under /api the
 * server (server/api/vision) serves for a signed-in user's own sessions. The app itself
 * uploads its summaries through /rest/v1; these are for other clients. The body's rules
 * are the server's (server/api/vision/schema.ts). There is no frame endpoint.
 */
import { endpoint } from './endpoint';

export const VISION_API = Object.freeze({
  /** One summary or a batch of up to 50. */
  upload: endpoint('POST', '/vision/sessions'),
  list: endpoint('GET', '/vision/sessions'),
  summary: endpoint('GET', '/vision/sessions/:id/summary'),
});

/** Where the server mounts the vision routes under /api. */
export const VISION_MOUNT = '/vision';
