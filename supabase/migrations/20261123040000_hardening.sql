-- Hardening (docs/product.md § Backend): state the embedded server keeps for abuse limits and
-- account mail, in the database so that every server instance on one PostgreSQL shares it.
-- Everything here lives in the schema pneuma_private, which no client role can reach. On a
-- hosted Supabase project the schema is inert (its own Auth keeps these elsewhere).

create schema if not exists pneuma_private;
revoke all on schema pneuma_private from public;

-- Rate-limit counters, one row per rule and client key, in the layout rate-limiter-flexible's
-- PostgreSQL store uses (points used in the window; expire = window end in epoch ms).
create table if not exists pneuma_private.rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
create index if not exists rate_limits_expire_idx on pneuma_private.rate_limits (expire);

-- Single-use tokens sent by mail (sign-up confirmation, password reset, email change) and
-- reauthentication codes. Only a SHA-256 hash is stored. `email` is the address the mail
-- went to (for an email change, the new address, which takes effect when the link is used).
create table if not exists pneuma_private.one_time_tokens (
  token_hash text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('signup', 'recovery', 'email_change', 'reauthentication')),
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  failed_attempts integer not null default 0
);
create index if not exists one_time_tokens_user_kind_idx on pneuma_private.one_time_tokens (user_id, kind);
create index if not exists one_time_tokens_expires_idx on pneuma_private.one_time_tokens (expires_at);

-- Error reports are kept 30 days or 10,000 rows, whichever is smaller: pruned by age and by
-- rank of arrival, both through this index.
create index if not exists error_reports_received_idx on public.error_reports (received_at, id);
