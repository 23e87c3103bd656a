/**
 * The database's tables on the wire: PostgREST under REST_PREFIX on the backend's origin
 * (/rest/v1/<table>), where row-level security decides which rows a caller reads and
 * writes. The app reads and writes them through the one client (src/backend/api/restTables.ts
 * for the page's reads, backend/api/backendCall.ts for sync). Pure: the page and the service
 * worker read it freely.
 */
const REST_PREFIX = '/rest/v1';

/** The path of a table under the backend's origin. */
export const restPath = (table: string): string => `${REST_PREFIX}/${table}`;
