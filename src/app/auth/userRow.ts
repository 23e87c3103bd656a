import type { SupabaseClient } from '@supabase/supabase-js';
import { parseRole, type UserRole } from '../../domain/authLevel';

/**
 * Select the users row by id; insert {id, role: 'user'} when there is none (first sign-in;
 * docs/product.md § Accounts and access). Returns the role. Throws when the backend cannot be reached.
 */
export async function ensureUserRow(supabase: SupabaseClient, userId: string): Promise<UserRole> {
  const found = await supabase.from('users').select('id, role').eq('id', userId).maybeSingle();
  if (found.error) throw new Error(found.error.message);
  if (found.data) return parseRole((found.data as { role?: unknown }).role);
  const inserted = await supabase.from('users').insert({ id: userId, role: 'user' });
  // 23505: another tab created it first; that row says user too.
  if (inserted.error && inserted.error.code !== '23505') throw new Error(inserted.error.message);
  return 'user';
}
