-- programs: a user's custom programs (docs/product.md § Programs), synced like custom
-- patterns: client-made id, soft delete, the owner only (row-level security). The
-- segments are the program format's JSON (src/domain/programs/programSchema.ts, version 1);
-- the database keeps its shape bounded, the app parses every row it reads with the schema.
create table if not exists public.programs (
  id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  version integer not null default 1 check (version = 1),
  name text not null check (length(name) between 1 and 80 and name !~ '[[:cntrl:]]' and btrim(name) <> ''),
  description text check (description is null or length(description) <= 500),
  category text not null default 'calm'
    check (category in ('progressive', 'apnea', 'wim_hof', 'calm')),
  safety_note text check (safety_note is null or length(safety_note) <= 500),
  segments jsonb not null check (
    jsonb_typeof(segments) = 'array'
    and jsonb_array_length(segments) between 1 and 60
    and octet_length(segments::text) <= 65536
    and not jsonb_path_exists(segments, '$[*] ? (@.type() != "object")')
  ),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  deleted_at timestamptz
);

create index if not exists programs_user_updated_idx on public.programs (user_id, updated_at, id);

-- The server stamps updated_at on every write (two-way sync, 20261123030000_two_way_sync.sql);
-- custom programs carry their deletion as `deleted`, like custom patterns.
create or replace function public.stamp_sync_row() returns trigger
language plpgsql
as $$
declare
  stamp timestamptz := date_trunc('milliseconds', now());
begin
  new.updated_at := stamp;
  if tg_table_name in ('patterns', 'programs') then
    -- Custom patterns and programs carry their deletion as `deleted`; `deleted_at` follows it.
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

create trigger programs_stamp_sync before insert or update on public.programs
  for each row execute function public.stamp_sync_row();

alter table public.programs enable row level security;
revoke all on table public.programs from anon, authenticated;
grant select, insert, update, delete on table public.programs to authenticated;
grant all on table public.programs to service_role;

create policy programs_select_own on public.programs
  for select to authenticated using (user_id = auth.uid());
create policy programs_insert_own on public.programs
  for insert to authenticated with check (user_id = auth.uid());
create policy programs_update_own on public.programs
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy programs_delete_own on public.programs
  for delete to authenticated using (user_id = auth.uid());
