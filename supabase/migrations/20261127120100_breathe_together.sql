-- Breathe together (docs/product.md § Breathe together): a shared session a member starts,
-- and the people who joined it, counted by the server.
--
-- Access: the host alone reads their sessions and the joins counted against them; nobody
-- writes either through /rest/v1. A session is made through POST /api/together (run as
-- pneuma_api for the signed-in host, like every table /api owns:
-- 20261127100000_one_write_path.sql); joins come from guests too, so POST
-- /api/together/:id/join writes them as the server itself, after its checks (the session is
-- open, one row per person, a cap per client address and per session). A joiner is the
-- account (`user:<id>`) or a device's random id (`device:<uuid>`); the address is an HMAC of
-- the client address under the server's secret, so the table holds no IP address.

create table if not exists public.together_sessions (
  id uuid primary key default gen_random_uuid(),
  host_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- The pattern as a link carries it (src/domain/links/patternLink.ts, checked by the API).
  pattern jsonb not null check (jsonb_typeof(pattern) = 'object' and octet_length(pattern::text) <= 8192),
  cycles integer not null check (cycles between 1 and 200),
  -- On the server's clock (the one GET /api/time answers with).
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  created_at timestamptz not null default now(),
  constraint together_sessions_length check (ends_at > starts_at and ends_at <= starts_at + interval '2 hours'),
  constraint together_sessions_soon check (starts_at <= created_at + interval '1 day')
);
create index if not exists together_sessions_host_idx on public.together_sessions (host_id, ends_at desc);
create index if not exists together_sessions_ends_idx on public.together_sessions (ends_at);

create table if not exists public.together_joins (
  session_id uuid not null references public.together_sessions (id) on delete cascade,
  joiner text not null check (joiner ~ '^(user|device):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
  address text not null check (address ~ '^[0-9a-f]{64}$'),
  joined_at timestamptz not null default now(),
  primary key (session_id, joiner)
);
create index if not exists together_joins_address_idx on public.together_joins (session_id, address);

alter table public.together_sessions enable row level security;
alter table public.together_joins enable row level security;

drop policy if exists together_sessions_host_reads on public.together_sessions;
create policy together_sessions_host_reads on public.together_sessions
  for select to authenticated using (host_id = auth.uid());
drop policy if exists together_sessions_host_starts on public.together_sessions;
create policy together_sessions_host_starts on public.together_sessions
  for insert to authenticated with check (host_id = auth.uid());
drop policy if exists together_joins_host_reads on public.together_joins;
create policy together_joins_host_reads on public.together_joins
  for select to authenticated using (
    exists (select 1 from public.together_sessions s where s.id = session_id and s.host_id = auth.uid())
  );

revoke all on table public.together_sessions, public.together_joins from anon, authenticated;
grant select on table public.together_sessions to authenticated;
grant select (session_id, joined_at) on table public.together_joins to authenticated;
grant insert (pattern, cycles, starts_at, ends_at) on table public.together_sessions to pneuma_api;
