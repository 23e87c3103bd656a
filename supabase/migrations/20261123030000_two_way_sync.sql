-- Two-way sync (docs/product.md § Sync): every device of a user pulls what changed since
-- its last pull, table by table, by `updated_at`. That time is always the server's: a
-- trigger stamps it on every insert and update, whatever the client sent, so clocks that
-- differ between devices change nothing. The last write to reach the server wins. A
-- deletion is a tombstone (`deleted_at`), kept so that it reaches the other devices.
-- Stamps are cut to whole milliseconds, so a device can hand a stamp back as a filter
-- (`updated_at=eq.<stamp>`) and match it exactly.

create or replace function public.stamp_sync_row() returns trigger
language plpgsql
as $$
declare
  stamp timestamptz := date_trunc('milliseconds', now());
begin
  new.updated_at := stamp;
  if tg_table_name = 'patterns' then
    -- Custom patterns carry their deletion as `deleted`; `deleted_at` follows it.
    new.deleted_at := case when new.deleted then stamp end;
  end if;
  if new.deleted_at is not null then
    new.deleted_at := stamp;
    if tg_op = 'UPDATE' then
      -- A row deleted again keeps its first deletion time.
      new.deleted_at := coalesce(old.deleted_at, stamp);
    end if;
  end if;
  return new;
end
$$;

-- sessions: a pulled session is complete on every device (the two rhythm figures too).
alter table public.sessions add column if not exists updated_at timestamptz not null default now();
alter table public.sessions add column if not exists deleted_at timestamptz;
alter table public.sessions add column if not exists phase_accuracy real
  check (phase_accuracy is null or phase_accuracy between 0 and 100);
alter table public.sessions add column if not exists rhythm_consistency real
  check (rhythm_consistency is null or rhythm_consistency between 0 and 100);
update public.sessions set updated_at = date_trunc('milliseconds', updated_at);
create index if not exists sessions_user_updated_idx on public.sessions (user_id, updated_at, id);
create trigger sessions_stamp_sync before insert or update on public.sessions
  for each row execute function public.stamp_sync_row();

-- patterns: the server stamps updated_at on insert too (it used to keep the client's).
alter table public.patterns add column if not exists deleted_at timestamptz;
update public.patterns
  set updated_at = date_trunc('milliseconds', updated_at),
      deleted_at = case when deleted then date_trunc('milliseconds', updated_at) end;
drop trigger if exists patterns_set_updated_at on public.patterns;
create index if not exists patterns_user_updated_idx on public.patterns (user_id, updated_at, id);
create trigger patterns_stamp_sync before insert or update on public.patterns
  for each row execute function public.stamp_sync_row();

-- user_favorites: the patterns a user marked as favourite (one row per pattern, so the same
-- favourite made on two devices is one row).
create table if not exists public.user_favorites (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  pattern_id text not null check (length(pattern_id) between 1 and 200),
  added_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (user_id, pattern_id)
);

-- user_ratings: the stars (1-5) a user gave a pattern.
create table if not exists public.user_ratings (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  pattern_id text not null check (length(pattern_id) between 1 and 200),
  rating smallint not null check (rating between 1 and 5),
  rated_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (user_id, pattern_id)
);

-- user_preferences: one row per preference (voice cues, selected pattern, ...), so two
-- devices changing different preferences both keep their change.
create table if not exists public.user_preferences (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  key text not null check (key ~ '^[A-Za-z][A-Za-z0-9_.:-]{0,63}$'),
  value jsonb not null check (octet_length(value::text) <= 8192),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (user_id, key)
);

do $$
declare
  t text;
begin
  foreach t in array array['user_favorites', 'user_ratings', 'user_preferences'] loop
    execute format('create index if not exists %I on public.%I (user_id, updated_at)', t || '_user_updated_idx', t);
    execute format('create trigger %I before insert or update on public.%I
      for each row execute function public.stamp_sync_row()', t || '_stamp_sync', t);
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on table public.%I from anon, authenticated', t);
    execute format('grant select, insert, update, delete on table public.%I to authenticated', t);
    execute format('grant all on table public.%I to service_role', t);
    execute format('create policy %I on public.%I for select to authenticated using (user_id = auth.uid())',
      t || '_select_own', t);
    execute format('create policy %I on public.%I for insert to authenticated with check (user_id = auth.uid())',
      t || '_insert_own', t);
    execute format('create policy %I on public.%I for update to authenticated
      using (user_id = auth.uid()) with check (user_id = auth.uid())', t || '_update_own', t);
    execute format('create policy %I on public.%I for delete to authenticated using (user_id = auth.uid())',
      t || '_delete_own', t);
  end loop;
end
$$;
