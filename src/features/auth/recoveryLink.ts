/**
 * What a password-reset link brought back in the URL fragment after the server checked it
 * (GoTrue's redirect: `#access_token=…&refresh_token=…&type=recovery`, or `#error=…` when
 * the link was used, expired or unknown). Pure: the screen passes `location.hash`.
 */
export type RecoveryLink =
  | { kind: 'session'; accessToken: string; refreshToken: string }
  | { kind: 'error'; description: string }
  | { kind: 'none' };

export function readRecoveryLink(hash: string): RecoveryLink {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const error = params.get('error_description') ?? params.get('error');
  if (error) return { kind: 'error', description: error };
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (accessToken && refreshToken && params.get('type') === 'recovery') {
    return { kind: 'session', accessToken, refreshToken };
  }
  return { kind: 'none' };
}
