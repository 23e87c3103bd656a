import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../server/auth/jwt';
import type { Db } from '../../server/db/types';
import { client, email, listen, openTestDb, sessionRow } from './helpers';
import type { Backend, Running } from './helpers';
import { Mailbox } from './mailbox';

/**
 * The server suite, run once on PGlite and once on a PostgreSQL 15 server
 * (server-pglite.test.ts, server-postgres.test.ts): the real supabase-js client
 * against a listening server.
 */
export function serverSuite(kind: Backend) {
  describe(`embedded backend on ${kind}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let srv: Running;
    let anon: string;
    const mailbox = new Mailbox();
    const password = 'correct horse 42';

    beforeAll(async () => {
      ({ db, dispose } = await openTestDb(kind));
      srv = await listen(db, { refreshReuseSeconds: 1, mailer: mailbox });
      anon = srv.secrets.anonKey;
    });
    afterAll(async () => {
      await srv?.stop();
      await dispose?.();
    });

    async function signedUp(
      tag: string,
    ): Promise<{ sb: SupabaseClient; id: string; email: string; access: string; refresh: string }> {
      const sb = client(srv.url, anon);
      const addr = email(tag);
      const { data, error } = await sb.auth.signUp({
        email: addr,
        password,
        options: { data: { display_name: tag } },
      });
      expect(error).toBeNull();
      expect(data.session).not.toBeNull();
      return {
        sb,
        id: data.user!.id,
        email: addr,
        access: data.session!.access_token,
        refresh: data.session!.refresh_token,
      };
    }

    it('signs up, signs in, stores and reads its own sessions, refreshes and signs out', async () => {
      const a = await signedUp('alice');
      expect(a.access.split('.')).toHaveLength(3);

      // sign in again with the password on a fresh client
      const sb = client(srv.url, anon);
      const signIn = await sb.auth.signInWithPassword({ email: a.email, password });
      expect(signIn.error).toBeNull();
      expect(signIn.data.user?.email).toBe(a.email);
      expect(signIn.data.user?.user_metadata).toMatchObject({ display_name: 'alice' });
      const uid = signIn.data.user!.id;
      expect(uid).toBe(a.id);

      // the JWT carries Supabase's claims
      const claims = JSON.parse(
        Buffer.from(signIn.data.session!.access_token.split('.')[1]!, 'base64url').toString(),
      ) as Record<string, unknown>;
      expect(claims).toMatchObject({
        sub: uid,
        role: 'authenticated',
        aud: 'authenticated',
        email: a.email,
      });
      expect(typeof claims.session_id).toBe('string');
      expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);

      // users row: the app inserts {id, role: 'user'}; the wallet address is linked only by
      // Sign-In with Ethereum (tests/server/wallet), the preferred chain may be set directly
      const ins = await sb.from('users').insert({ id: uid, role: 'user' });
      expect(ins.error).toBeNull();
      const upd = await sb
        .from('users')
        .update({ preferred_chain: '0x89' })
        .eq('id', uid)
        .select()
        .single();
      expect(upd.error).toBeNull();
      expect(upd.data).toMatchObject({
        id: uid,
        role: 'user',
        wallet_address: null,
        preferred_chain: '0x89',
      });
      const claim = await sb
        .from('users')
        .update({ wallet_address: `0x${'ab'.repeat(20)}` })
        .eq('id', uid);
      expect(claim.error?.code).toBe('42501');

      // insert sessions (without user_id: it defaults to auth.uid())
      const s1 = sessionRow({ created_at: '2026-01-01T10:00:00Z' });
      const s2 = sessionRow({
        pattern_name: 'Relaxation',
        created_at: '2026-01-02T10:00:00Z',
        restlessness_score: null,
      });
      const first = await sb.from('sessions').insert([s1, s2]).select('id, pattern_name, user_id');
      expect(first.error).toBeNull();
      expect(first.data).toHaveLength(2);
      expect(first.data!.every((r) => r.user_id === uid)).toBe(true);

      // the minimal insert shape: no id (the default makes one), explicit user_id
      const plain = await sb
        .from('sessions')
        .insert({
          user_id: uid,
          breath_hold_time: 3,
          restlessness_score: 40,
          session_duration: 60,
          pattern_name: 'Energy',
          created_at: '2025-12-31T10:00:00Z',
        })
        .select('id')
        .single();
      expect(plain.error).toBeNull();
      expect(plain.data?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(
        (await sb.from('sessions').delete().eq('id', plain.data!.id).select('id')).data,
      ).toHaveLength(1);

      const list = await sb
        .from('sessions')
        .select('*')
        .eq('user_id', uid)
        .order('created_at', { ascending: false });
      expect(list.error).toBeNull();
      expect(list.data!.map((r) => r.id)).toEqual([s2.id, s1.id]);
      expect(list.data![1]).toMatchObject({
        session_duration: 240,
        breath_hold_time: 4,
        restlessness_score: 12.5,
        completed: true,
        camera_used: false,
      });

      // replays never duplicate: ignore-duplicates and merge-duplicates
      const replay = await sb
        .from('sessions')
        .upsert([s1, s2], { onConflict: 'id', ignoreDuplicates: true })
        .select();
      expect(replay.error).toBeNull();
      expect(replay.data).toEqual([]);
      const merged = await sb
        .from('sessions')
        .upsert({ ...s1, quality_score: 88 }, { onConflict: 'id' })
        .select()
        .single();
      expect(merged.error).toBeNull();
      expect(merged.data).toMatchObject({ id: s1.id, quality_score: 88 });
      // custom patterns: the app's batch upsert (an array, so supabase-js adds columns=)
      const pats = [1, 2].map((i) => ({
        id: randomUUID(),
        user_id: uid,
        name: `Mine ${i}`,
        description: null,
        inhale: 4,
        hold: 2,
        exhale: 6,
        hold_after_exhale: 0,
        category: 'stress',
        difficulty: 'Beginner',
        benefits: ['calm', 'focus'],
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        deleted: false,
      }));
      expect((await sb.from('patterns').upsert(pats, { onConflict: 'id' })).error).toBeNull();
      expect(
        (await sb.from('patterns').upsert([{ ...pats[0]!, deleted: true }], { onConflict: 'id' }))
          .error,
      ).toBeNull();
      const patRows = await sb.from('patterns').select('name, deleted, benefits').order('name');
      expect(patRows.data).toEqual([
        { name: 'Mine 1', deleted: true, benefits: ['calm', 'focus'] },
        { name: 'Mine 2', deleted: false, benefits: ['calm', 'focus'] },
      ]);

      const count = await sb.from('sessions').select('*', { count: 'exact', head: true });
      expect(count.count).toBe(2);

      // filters, limit, single
      const one = await sb.from('sessions').select('id').eq('id', s2.id).single();
      expect(one.data).toEqual({ id: s2.id });
      const none = await sb.from('sessions').select('id').eq('id', randomUUID()).maybeSingle();
      expect(none.error).toBeNull();
      expect(none.data).toBeNull();
      const notSingle = await sb.from('sessions').select('id').single();
      expect(notSingle.error?.code).toBe('PGRST116');
      expect(notSingle.status).toBe(406);
      const filtered = await sb
        .from('sessions')
        .select('id')
        .in('id', [s1.id, randomUUID()])
        .gte('session_duration', 100)
        .is('restlessness_score', null);
      expect(filtered.data).toEqual([]);
      const notNull = await sb.from('sessions').select('id').not('restlessness_score', 'is', null);
      expect(notNull.data).toEqual([{ id: s1.id }]);
      const page = await sb.from('sessions').select('id').order('created_at').range(1, 1);
      expect(page.data).toEqual([{ id: s2.id }]);

      // refresh: new tokens; the old refresh token then counts as reuse
      const oldRefresh = signIn.data.session!.refresh_token;
      const refreshed = await sb.auth.refreshSession();
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.session!.refresh_token).not.toBe(oldRefresh);
      const after = await sb.from('sessions').select('id');
      expect(after.data).toHaveLength(2);

      // user metadata update (profile display name / avatar)
      const prof = await sb.auth.updateUser({
        data: { display_name: 'Alice B', avatar_url: 'https://example.test/a.png' },
      });
      expect(prof.error).toBeNull();
      expect(prof.data.user?.user_metadata).toMatchObject({
        display_name: 'Alice B',
        avatar_url: 'https://example.test/a.png',
      });
      const got = await sb.auth.getUser();
      expect(got.data.user?.user_metadata.display_name).toBe('Alice B');

      // sign out ends the session server-side: its refresh token no longer works
      const lastRefresh = refreshed.data.session!.refresh_token;
      const out = await sb.auth.signOut();
      expect(out.error).toBeNull();
      const r = await fetch(`${srv.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: anon, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: lastRefresh }),
      });
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ error_code: 'refresh_token_not_found' });
    });

    it('revokes the whole session when a rotated refresh token is reused', async () => {
      const a = await signedUp('reuse');
      const refresh = (token: string) =>
        fetch(`${srv.url}/auth/v1/token?grant_type=refresh_token`, {
          method: 'POST',
          headers: { apikey: anon, 'content-type': 'application/json' },
          body: JSON.stringify({ refresh_token: token }),
        });
      const r1 = await refresh(a.refresh);
      expect(r1.status).toBe(200);
      const t2 = ((await r1.json()) as { refresh_token: string }).refresh_token;
      // within the grace period (page and service worker refreshing at once) it still works
      const twin = await refresh(a.refresh);
      expect(twin.status).toBe(200);
      const t2b = ((await twin.json()) as { refresh_token: string }).refresh_token;
      expect(t2b).not.toBe(t2);
      await new Promise((r) => setTimeout(r, 1300));
      const reuse = await refresh(a.refresh);
      expect(reuse.status).toBe(400);
      expect(await reuse.json()).toMatchObject({ error_code: 'refresh_token_already_used' });
      // the thief's and the owner's newer token are both dead now
      const r3 = await refresh(t2);
      expect(r3.status).toBe(400);
      expect((await refresh(t2b)).status).toBe(400);
      const user = await fetch(`${srv.url}/auth/v1/user`, {
        headers: { apikey: anon, authorization: `Bearer ${a.access}` },
      });
      expect(user.status).toBe(403);
      expect(await user.json()).toMatchObject({ error_code: 'session_not_found' });
    });

    it("keeps a second user out of the first user's rows", async () => {
      const a = await signedUp('owner');
      const b = await signedUp('intruder');
      const mine = sessionRow();
      expect((await a.sb.from('sessions').insert(mine)).error).toBeNull();
      expect((await a.sb.from('users').insert({ id: a.id, role: 'user' })).error).toBeNull();
      const pattern = {
        id: randomUUID(),
        name: 'Mine',
        inhale: 4,
        hold: 4,
        exhale: 4,
        hold_after_exhale: 4,
        benefits: ['calm'],
      };
      expect((await a.sb.from('patterns').insert(pattern)).error).toBeNull();

      // read: nothing
      for (const table of ['sessions', 'users', 'patterns']) {
        const r = await b.sb.from(table).select('*');
        expect(r.error).toBeNull();
        expect(r.data).toEqual([]);
      }
      // update: 0 rows
      const upd = await b.sb
        .from('sessions')
        .update({ pattern_name: 'hacked' })
        .eq('id', mine.id)
        .select();
      expect(upd.error).toBeNull();
      expect(upd.data).toEqual([]);
      const updCount = await b.sb
        .from('patterns')
        .update({ name: 'hacked' }, { count: 'exact' })
        .eq('id', pattern.id);
      expect(updCount.count).toBe(0);
      // delete: 0 rows
      const del = await b.sb.from('sessions').delete().eq('id', mine.id).select();
      expect(del.data).toEqual([]);
      // insert with a foreign user_id: refused by the policy
      const foreign = await b.sb.from('sessions').insert(sessionRow({ user_id: a.id }));
      expect(foreign.error?.code).toBe('42501');
      expect(foreign.status).toBe(403);
      // upsert on the owner's id: ignored, or refused when merging, never overwritten
      const ign = await b.sb
        .from('sessions')
        .upsert({ ...mine, pattern_name: 'hacked' }, { onConflict: 'id', ignoreDuplicates: true })
        .select();
      expect(ign.error).toBeNull();
      expect(ign.data).toEqual([]);
      const merge = await b.sb
        .from('sessions')
        .upsert({ ...mine, pattern_name: 'hacked' }, { onConflict: 'id' });
      expect(merge.error?.code).toBe('42501');
      // moving one's own row to the other user is refused too
      const own = sessionRow();
      expect((await b.sb.from('sessions').insert(own)).error).toBeNull();
      const move = await b.sb.from('sessions').update({ user_id: a.id }).eq('id', own.id);
      expect(move.error?.code).toBe('42501');
      // users: cannot raise one's own role, cannot create a row for someone else
      expect((await b.sb.from('users').insert({ id: b.id, role: 'creator' })).error?.code).toBe(
        '42501',
      );
      expect((await b.sb.from('users').insert({ id: a.id, role: 'user' })).error?.code).toBe(
        '42501',
      );
      expect((await b.sb.from('users').insert({ id: b.id, role: 'user' })).error).toBeNull();
      const raise = await b.sb.from('users').update({ role: 'instructor' }).eq('id', b.id);
      expect(raise.error?.code).toBe('42501');

      // the owner's rows are untouched
      const check = await a.sb
        .from('sessions')
        .select('pattern_name, user_id')
        .eq('id', mine.id)
        .single();
      expect(check.data).toEqual({ pattern_name: mine.pattern_name, user_id: a.id });
      const p = await a.sb.from('patterns').select('name, benefits').eq('id', pattern.id).single();
      expect(p.data).toEqual({ name: 'Mine', benefits: ['calm'] });
      // and the anon key alone sees nothing and may write nothing
      const anonClient = client(srv.url, anon);
      const anonRead = await anonClient.from('sessions').select('*');
      expect(anonRead.error?.code).toBe('42501');
      expect(anonRead.status).toBe(401);
    });

    it('accepts error reports but no client can read them', async () => {
      const r = await fetch(`${srv.url}/api/errors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${anon}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          reports: [
            { message: 'boom', severity: 'high', category: 'network' },
            { message: 'second' },
          ],
        }),
      });
      expect(r.status).toBe(202);
      const stored = await db.query<{ n: number }>(
        `select count(*)::int as n from public.error_reports where report->>'message' in ('boom', 'second')`,
      );
      expect(stored.rows[0]?.n).toBe(2);
      const a = await signedUp('reader');
      const read = await a.sb.from('error_reports').select('*');
      expect(read.error?.code).toBe('42501');
    });

    it('reports auth errors in the shape supabase-js reads', async () => {
      const a = await signedUp('errs');
      const sb = client(srv.url, anon);
      const wrong = await sb.auth.signInWithPassword({
        email: a.email,
        password: 'not the password',
      });
      expect(wrong.error?.message).toBe('Invalid login credentials');
      expect(wrong.error?.code).toBe('invalid_credentials');
      expect(wrong.error?.status).toBe(400);
      const unknown = await sb.auth.signInWithPassword({ email: email('nobody'), password });
      expect(unknown.error?.code).toBe('invalid_credentials');
      const dup = await sb.auth.signUp({ email: a.email.toUpperCase(), password });
      expect(dup.error?.code).toBe('user_already_exists');
      expect(dup.error?.message).toBe('User already registered');
      expect(dup.error?.status).toBe(422);
      const weak = await sb.auth.signUp({ email: email('weak'), password: '12345' });
      expect(weak.error?.code).toBe('weak_password');
      expect(weak.error?.name).toBe('AuthWeakPasswordError');
      const badEmail = await sb.auth.signUp({ email: 'not-an-email', password });
      expect(badEmail.error?.code).toBe('validation_failed');
      // a stored hash is argon2id, never the password
      const h = await db.query<{ encrypted_password: string }>(
        'select encrypted_password from auth.users where email = $1',
        [a.email],
      );
      expect(h.rows[0]?.encrypted_password.startsWith('$argon2id$')).toBe(true);
    });

    it('rejects expired and forged tokens with 401', async () => {
      const a = await signedUp('expiry');
      const claims = JSON.parse(
        Buffer.from(a.access.split('.')[1]!, 'base64url').toString(),
      ) as Record<string, unknown>;
      const { exp: _exp, iat: _iat, ...rest } = claims;
      const expired = await signJwt(rest, srv.secrets.jwtSecret, -10);
      const forged = await signJwt(rest, 'another-secret-another-secret-another-secret', 3600);
      for (const [token, code] of [
        [expired, 'PGRST303'],
        [forged, 'PGRST301'],
      ] as const) {
        const r = await fetch(`${srv.url}/rest/v1/sessions?select=id`, {
          headers: { apikey: anon, authorization: `Bearer ${token}` },
        });
        expect(r.status).toBe(401);
        expect(await r.json()).toMatchObject({ code });
      }
    });

    it('changes email and password, and signs out per scope', async () => {
      const a = await signedUp('mover');
      const newEmail = email('moved');
      // both need the current password; the new address counts once its mailed link is opened
      const upd = await a.sb.auth.updateUser({
        email: newEmail,
        password: 'a brand new secret',
        current_password: password,
      });
      expect(upd.error).toBeNull();
      expect(upd.data.user?.email).toBe(a.email);
      expect(upd.data.user?.new_email).toBe(newEmail);
      const confirm = await fetch((await mailbox.latest(newEmail)).action, { redirect: 'manual' });
      expect(confirm.status).toBe(303);
      expect(confirm.headers.get('location')).toContain('#access_token=');
      const other = client(srv.url, anon);
      expect((await other.auth.signInWithPassword({ email: a.email, password })).error?.code).toBe(
        'invalid_credentials',
      );
      const second = await other.auth.signInWithPassword({
        email: newEmail,
        password: 'a brand new secret',
      });
      expect(second.error).toBeNull();
      const same = await other.auth.updateUser({
        password: 'a brand new secret',
        current_password: 'a brand new secret',
      });
      expect(same.error?.code).toBe('same_password');
      const taken = await signedUp('taken');
      expect(
        (
          await other.auth.updateUser({
            email: taken.email,
            current_password: 'a brand new secret',
          })
        ).error?.code,
      ).toBe('email_exists');

      // scope 'others' ends the first session only
      expect((await other.auth.signOut({ scope: 'others' })).error).toBeNull();
      const firstUser = await fetch(`${srv.url}/auth/v1/user`, {
        headers: { apikey: anon, authorization: `Bearer ${a.access}` },
      });
      expect(firstUser.status).toBe(403);
      expect((await other.auth.getUser()).data.user?.email).toBe(newEmail);
      // scope 'local' ends this one
      const token = second.data.session!.access_token;
      expect((await other.auth.signOut({ scope: 'local' })).error).toBeNull();
      const after = await fetch(`${srv.url}/auth/v1/user`, {
        headers: { apikey: anon, authorization: `Bearer ${token}` },
      });
      expect(after.status).toBe(403);
      expect(await after.json()).toMatchObject({ error_code: 'session_not_found' });
    });

    it('deletes an account and, by cascade, all of its rows', async () => {
      const a = await signedUp('leaver');
      await a.sb.from('users').insert({ id: a.id, role: 'user' });
      await a.sb.from('sessions').insert([sessionRow(), sessionRow()]);
      const r = await fetch(`${srv.url}/api/account`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${a.access}` },
      });
      expect(r.status).toBe(204);
      const left = await db.query<{ n: number }>(
        'select (select count(*) from public.sessions where user_id = $1)::int + (select count(*) from public.users where id = $1)::int + (select count(*) from auth.users where id = $1)::int as n',
        [a.id],
      );
      expect(left.rows[0]?.n).toBe(0);
      const again = await a.sb.auth.signInWithPassword({ email: a.email, password });
      expect(again.error?.code).toBe('invalid_credentials');
    });
  });
}
