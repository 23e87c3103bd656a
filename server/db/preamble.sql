-- Local preamble: what a hosted Supabase project already has, created here for the
-- embedded server only (PGlite or a plain Postgres). Idempotent: runs on every start.
-- Never deploy this file to a hosted project; deploy supabase/migrations/*.sql there.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    -- Only a superuser may create a BYPASSRLS role (PostgreSQL 15); otherwise the
    -- service role is still created, and is then bound by the policies like the others.
    if (select rolsuper from pg_roles where rolname = current_user) then
      create role service_role nologin noinherit bypassrls;
    else
      create role service_role nologin noinherit;
    end if;
  end if;
end
$$;

-- The server's own login role must be able to SET ROLE to each API role
-- (a superuser can already; a plain owner role needs membership).
do $$
begin
  if not (select rolsuper from pg_roles where rolname = current_user) then
    execute format('grant anon, authenticated, service_role to %I', current_user);
  end if;
end
$$;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;

create table if not exists auth.users (
  id uuid primary key,
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text not null unique,
  encrypted_password text not null,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{"provider":"email","providers":["email"]}',
  raw_user_meta_data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Sign-in sessions and their refresh tokens (server-only; hosted Supabase has its own).
create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  refreshed_at timestamptz,
  revoked_at timestamptz
);

create table if not exists auth.refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  revoked boolean not null default false,
  created_at timestamptz not null default now()
);
alter table auth.refresh_tokens add column if not exists revoked_at timestamptz;
create index if not exists refresh_tokens_session_idx on auth.refresh_tokens (session_id);
create index if not exists sessions_user_idx on auth.sessions (user_id);

revoke all on all tables in schema auth from anon, authenticated;

-- The same helpers hosted Supabase provides, reading the claims PostgREST sets.
-- auth.uid() is PL/pgSQL rather than SQL: the planner inlines a SQL function, parsing its
-- text again for every statement that names it (each row-level-security policy and column
-- default), which cost an embedded upsert about a fifth of its time; a PL/pgSQL function
-- keeps its plan for the connection. Same answer either way.
create or replace function auth.uid() returns uuid
language plpgsql stable
as $$
begin
  return nullif(
    coalesce(
      nullif(current_setting('request.jwt.claim.sub', true), ''),
      nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
    ), ''
  )::uuid;
end
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.jwt() to anon, authenticated, service_role;
