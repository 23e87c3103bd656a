-- Pneuma schema: users, sessions, custom patterns, error reports.
-- Runs unchanged on a hosted Supabase project (which already has the roles anon,
-- authenticated, service_role, the auth schema and auth.uid()) and on the embedded
-- server (whose server/db/preamble.sql creates those first).
--
-- Hosted Supabase grants ALL on new public tables to anon and authenticated by
-- default privileges, so every table below revokes first and then grants exactly
-- what the app needs; row-level security decides which rows.

create or replace function public.set_updated_at() returns trigger
language plpgsql
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- users: one row per account, role user / creator / instructor (docs/product.md § Accounts and access).
create table if not exists public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  role text not null default 'user' check (role in ('user', 'creator', 'instructor')),
  wallet_address text check (wallet_address is null or length(wallet_address) <= 128),
  preferred_chain text check (preferred_chain is null or length(preferred_chain) <= 32),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger users_set_updated_at before update on public.users
  for each row execute function public.set_updated_at();

alter table public.users enable row level security;
revoke all on table public.users from anon, authenticated;
grant select, insert on table public.users to authenticated;
grant update (wallet_address, preferred_chain) on table public.users to authenticated;
grant all on table public.users to service_role;

create policy users_select_own on public.users
  for select to authenticated using (id = auth.uid());
create policy users_insert_own on public.users
  for insert to authenticated with check (id = auth.uid() and role = 'user');
create policy users_update_own on public.users
  for update to authenticated using (id = auth.uid()) with check (id = auth.uid());

-- sessions: completed breathing sessions. id is made by the client and is the
-- idempotency key: a replayed upload can never store a session twice.
create table if not exists public.sessions (
  id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  pattern_id text check (pattern_id is null or length(pattern_id) <= 200),
  pattern_name text not null check (length(pattern_name) between 1 and 200),
  session_duration integer not null check (session_duration >= 0 and session_duration <= 86400),
  cycle_count integer check (cycle_count is null or cycle_count >= 0),
  target_cycles integer check (target_cycles is null or target_cycles >= 0),
  breath_hold_time real check (breath_hold_time is null or breath_hold_time >= 0),
  restlessness_score real check (restlessness_score is null or restlessness_score between 0 and 100),
  stillness_score real check (stillness_score is null or stillness_score between 0 and 100),
  quality_score real check (quality_score is null or quality_score between 0 and 100),
  session_type text check (session_type is null or length(session_type) <= 50),
  camera_used boolean default false,
  ai_used boolean default false,
  start_time timestamptz,
  end_time timestamptz,
  completed boolean default true,
  created_at timestamptz not null default now()
);

create index if not exists sessions_user_created_idx on public.sessions (user_id, created_at desc);

alter table public.sessions enable row level security;
revoke all on table public.sessions from anon, authenticated;
grant select, insert, update, delete on table public.sessions to authenticated;
grant all on table public.sessions to service_role;

create policy sessions_select_own on public.sessions
  for select to authenticated using (user_id = auth.uid());
create policy sessions_insert_own on public.sessions
  for insert to authenticated with check (user_id = auth.uid());
create policy sessions_update_own on public.sessions
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy sessions_delete_own on public.sessions
  for delete to authenticated using (user_id = auth.uid());

-- patterns: a user's custom breathing patterns (client-made id, soft delete).
create table if not exists public.patterns (
  id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  description text check (description is null or length(description) <= 2000),
  inhale real not null check (inhale > 0 and inhale <= 60),
  hold real not null check (hold >= 0 and hold <= 60),
  exhale real not null check (exhale > 0 and exhale <= 60),
  hold_after_exhale real not null check (hold_after_exhale >= 0 and hold_after_exhale <= 60),
  category text,
  difficulty text,
  benefits jsonb not null default '[]' check (jsonb_typeof(benefits) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false
);

create index if not exists patterns_user_idx on public.patterns (user_id);

create trigger patterns_set_updated_at before update on public.patterns
  for each row execute function public.set_updated_at();

alter table public.patterns enable row level security;
revoke all on table public.patterns from anon, authenticated;
grant select, insert, update, delete on table public.patterns to authenticated;
grant all on table public.patterns to service_role;

create policy patterns_select_own on public.patterns
  for select to authenticated using (user_id = auth.uid());
create policy patterns_insert_own on public.patterns
  for insert to authenticated with check (user_id = auth.uid());
create policy patterns_update_own on public.patterns
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy patterns_delete_own on public.patterns
  for delete to authenticated using (user_id = auth.uid());

-- error_reports: written by the API server only; no client role can read them.
create table if not exists public.error_reports (
  id bigint generated always as identity primary key,
  user_id uuid references auth.users (id) on delete set null,
  received_at timestamptz not null default now(),
  report jsonb not null
);

alter table public.error_reports enable row level security;
revoke all on table public.error_reports from anon, authenticated;
grant all on table public.error_reports to service_role;
