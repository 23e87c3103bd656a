-- A per-user, per-table change counter for sync (docs/product.md § Sync): every write to a
-- table a device pulls bumps the writer's counter for that table, so a device asks ONE
-- question (GET /api/sync/changes: server/sync/routes.ts) and pulls only the tables whose
-- counter moved since its last pull. The counter row of a user is locked by the update
-- that bumps it, so two writes of one user commit their bumps in order: a device that saw
-- counter n has seen every write committed before the n-th bump.
create table if not exists public.sync_versions (
  user_id uuid not null references auth.users (id) on delete cascade,
  table_name text not null,
  version bigint not null default 1,
  primary key (user_id, table_name)
);
alter table public.sync_versions enable row level security;
revoke all on table public.sync_versions from anon, authenticated;
grant select on table public.sync_versions to authenticated;
grant all on table public.sync_versions to service_role;
create policy sync_versions_select_own on public.sync_versions
  for select to authenticated using (user_id = auth.uid());

create or replace function public.bump_sync_version() returns trigger
language plpgsql
security definer
set search_path = public, pg_temp
as $$
begin
  if new.user_id is not null then
    insert into public.sync_versions as v (user_id, table_name) values (new.user_id, tg_table_name)
      on conflict (user_id, table_name) do update set version = v.version + 1;
  end if;
  return null;
end
$$;
revoke all on function public.bump_sync_version() from public;

do $$
declare
  t text;
begin
  foreach t in array array['sessions', 'patterns', 'user_favorites', 'user_ratings',
      'user_preferences', 'course_enrolments', 'course_progress', 'programs'] loop
    -- Not on delete: a pull never sees a deleted row (removals travel as tombstones,
    -- deleted_at), and the rows of a deleted account go with its counters.
    execute format('create trigger %I after insert or update on public.%I
      for each row execute function public.bump_sync_version()', t || '_bump_sync_version', t);
    -- Rows stored before this migration count as one change, so a new device pulls them.
    execute format('insert into public.sync_versions (user_id, table_name)
      select distinct user_id, %L from public.%I where user_id is not null
      on conflict do nothing', t, t);
  end loop;
end
$$;
