/**
 * The backend's health checks on the wire (server/README.md § Endpoints): the endpoints
 * under /api the app's health monitor asks (src/backend/health.ts) and the server answers
 * (server/api/handlers/health.ts). Also HEAD (Hono answers HEAD with a GET route).
 */
import { endpoint, shape } from './endpoint';

export const HEALTH_API = Object.freeze({
  /** The server and its database (503 when the database fails). */
  backend: endpoint('GET', '/health', shape<HealthAnswer>()),
  /** Always 503 here: there is no vision service (the camera is analysed on the device). */
  vision: endpoint('GET', '/health/vision'),
});

/** GET /api/health. */
export interface HealthAnswer {
  status: 'ok' | 'degraded';
  database: 'ok' | 'unreachable';
  backend: string;
  version: string;
  time: string;
}
