import { insertRow, readRows } from '../../backend/api/restTables';
import { HttpError } from '../../domain/errors/appErrors';
import { parseRole, type UserRole } from '../../domain/authLevel';

/** PostgreSQL's unique violation, in PostgREST's error body. */
const UNIQUE_VIOLATION = '23505';

/**
 * Select the users row by id; insert {id, role: 'user'} when there is none (first sign-in;
 * docs/product.md § Accounts and access), as the user of `accessToken`. Returns the role.
 * Throws when the backend cannot be reached.
 */
export async function ensureUserRow(userId: string, accessToken: string): Promise<UserRole> {
  const [found] = await readRows(
    'users',
    { select: 'id,role', id: `eq.${userId}`, limit: '1' },
    accessToken,
  );
  if (found) return parseRole(found.role);
  try {
    await insertRow('users', { id: userId, role: 'user' }, accessToken);
  } catch (e) {
    // Another tab created it first; that row says user too.
    const code =
      e instanceof HttpError ? (e.body as { code?: unknown } | undefined)?.code : undefined;
    if (code !== UNIQUE_VIOLATION) throw e;
  }
  return 'user';
}
