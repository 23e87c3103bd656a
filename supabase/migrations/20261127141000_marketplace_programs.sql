-- Programs in the marketplace and in courses (docs/product.md § Programs, issue #35).
--
-- marketplace_programs: one row per custom program a member published (source_program_id is
-- the id of the program in the creator's own list; publishing it again updates this row).
-- `definition` is the program in its open format (src/domain/programs/programSchema.ts,
-- version 1; the same JSON a `/p/` link carries, docs/patterns-format.md): the API parses it
-- with that one schema before it is written, and the table keeps its shape bounded.
-- unpublished_at set = taken off the marketplace (kept).
--
-- Access, as for published patterns (20261123070000_marketplace.sql and
-- 20261127100000_one_write_path.sql): anyone, guests too, reads live published programs;
-- only the API's role writes, each row only as its creator (row-level security); the source
-- id is the creator's alone. Publishing a first program makes the member a creator.
create table if not exists public.marketplace_programs (
  id uuid primary key default gen_random_uuid(),
  creator_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  creator_name text not null default '' check (char_length(creator_name) <= 80),
  source_program_id uuid not null,
  name text not null
    check (char_length(name) between 1 and 80 and btrim(name) <> '' and name !~ '[[:cntrl:]]'),
  description text not null default '' check (char_length(description) <= 500),
  category text not null check (category in ('progressive', 'apnea', 'wim_hof', 'calm')),
  planned_seconds integer not null check (planned_seconds between 1 and 7200),
  definition jsonb not null check (
    jsonb_typeof(definition) = 'object'
    and octet_length(definition::text) <= 65536
    and jsonb_typeof(definition -> 'segments') = 'array'
    and jsonb_array_length(definition -> 'segments') between 1 and 60
  ),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unpublished_at timestamptz,
  unique (creator_id, source_program_id)
);
create index if not exists marketplace_programs_live_idx
  on public.marketplace_programs (created_at desc, id) where unpublished_at is null;
create index if not exists marketplace_programs_creator_idx on public.marketplace_programs (creator_id);

-- The creator's shown name and the time stamps are the server's (as for patterns).
create or replace function public.marketplace_stamp_program() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.creator_name := coalesce(
    (select nullif(btrim(left(u.raw_user_meta_data ->> 'display_name', 60)), '')
       from auth.users u where u.id = new.creator_id),
    'Member ' || left(new.creator_id::text, 4)
  );
  new.updated_at := now();
  if tg_op = 'INSERT' then
    new.created_at := now();
  else
    new.created_at := old.created_at;
    new.creator_id := old.creator_id;
    new.source_program_id := old.source_program_id;
  end if;
  return new;
end
$$;
revoke all on function public.marketplace_stamp_program() from public;
create trigger marketplace_programs_stamp before insert or update on public.marketplace_programs
  for each row execute function public.marketplace_stamp_program();
-- The creator rule of the pattern marketplace (a first publication makes a creator).
create trigger marketplace_programs_creator after insert on public.marketplace_programs
  for each row execute function public.marketplace_make_creator();

alter table public.marketplace_programs enable row level security;
revoke all on table public.marketplace_programs from anon, authenticated;
grant select (id, creator_id, creator_name, name, description, category, planned_seconds,
  definition, created_at, updated_at, unpublished_at)
  on table public.marketplace_programs to anon, authenticated;
grant select, insert on table public.marketplace_programs to pneuma_api;
grant update (name, description, category, planned_seconds, definition, unpublished_at)
  on table public.marketplace_programs to pneuma_api;
grant all on table public.marketplace_programs to service_role;

create policy marketplace_programs_read on public.marketplace_programs
  for select to anon, authenticated
  using (unpublished_at is null or creator_id = auth.uid());
create policy marketplace_programs_insert_own on public.marketplace_programs
  for insert to authenticated with check (creator_id = auth.uid());
create policy marketplace_programs_update_own on public.marketplace_programs
  for update to authenticated using (creator_id = auth.uid()) with check (creator_id = auth.uid());

-- Courses: a day holds 0-4 patterns and 0-2 programs, at least one item in all. A program
-- item is {id, name, program}: the program's definition copied into the course, so a
-- student's device plays it offline and a later edit of the instructor's own program does
-- not change a published course (the app parses it with the one program schema).
create or replace function public.course_days_valid(days jsonb) returns boolean
language sql immutable
as $$
  select jsonb_typeof(days) = 'array'
    and jsonb_array_length(days) <= 60
    and not exists (
      select 1 from jsonb_array_elements(days) d
      where jsonb_typeof(d) <> 'object'
        or jsonb_typeof(d -> 'patterns') is distinct from 'array'
        or jsonb_array_length(d -> 'patterns') > 4
        or (d ? 'programs' and (jsonb_typeof(d -> 'programs') <> 'array' or jsonb_array_length(d -> 'programs') > 2))
        or jsonb_array_length(d -> 'patterns')
           + case when jsonb_typeof(d -> 'programs') = 'array' then jsonb_array_length(d -> 'programs') else 0 end < 1
        or (d ? 'note' and (jsonb_typeof(d -> 'note') <> 'string' or char_length(d ->> 'note') > 500))
        or exists (
          select 1 from jsonb_array_elements(d -> 'patterns') p
          where jsonb_typeof(p) <> 'object'
            or jsonb_typeof(p -> 'id') is distinct from 'string'
            or char_length(p ->> 'id') not between 1 and 200
            or jsonb_typeof(p -> 'name') is distinct from 'string'
            or char_length(p ->> 'name') not between 1 and 200
            or coalesce(public.jsonb_seconds(p -> 'inhale') > 0 and public.jsonb_seconds(p -> 'inhale') <= 120, false) = false
            or coalesce(public.jsonb_seconds(p -> 'hold') between 0 and 120, false) = false
            or coalesce(public.jsonb_seconds(p -> 'exhale') > 0 and public.jsonb_seconds(p -> 'exhale') <= 120, false) = false
            or coalesce(public.jsonb_seconds(p -> 'hold_after_exhale') between 0 and 120, false) = false
        )
        or exists (
          select 1 from jsonb_array_elements(case when jsonb_typeof(d -> 'programs') = 'array' then d -> 'programs' else '[]'::jsonb end) g
          where jsonb_typeof(g) <> 'object'
            or jsonb_typeof(g -> 'id') is distinct from 'string'
            or char_length(g ->> 'id') not between 1 and 200
            or jsonb_typeof(g -> 'name') is distinct from 'string'
            or char_length(g ->> 'name') not between 1 and 80
            or jsonb_typeof(g -> 'program') is distinct from 'object'
            or jsonb_typeof(g -> 'program' -> 'segments') is distinct from 'array'
            or jsonb_array_length(g -> 'program' -> 'segments') not between 1 and 60
            or octet_length((g -> 'program')::text) > 65536
        )
    )
$$;

-- The storage quota of published programs (20261127100100_storage_quotas.sql): the same
-- counting triggers as every other table, made for this one.
insert into pneuma_private.storage_quotas (tbl, max_rows, what)
values ('marketplace_programs', 500, 'published programs')
on conflict (tbl) do nothing;

create or replace function pneuma_private.marketplace_programs_count_inserted() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  over record;
begin
  with added as (
    select n.creator_id as user_id, count(*) as n, sum(pg_column_size(n.*)) as b
      from new_rows n where n.creator_id is not null group by 1
  ), bumped as (
    insert into pneuma_private.storage_usage as u (user_id, tbl, rows, bytes)
    select a.user_id, t.tbl, a.n, a.b from added a cross join (values ('marketplace_programs'), ('*')) as t(tbl)
    on conflict (user_id, tbl) do update set rows = u.rows + excluded.rows, bytes = u.bytes + excluded.bytes
    returning u.tbl, u.rows, u.bytes
  )
  select k.tbl, k.rows, k.bytes, q.max_rows, q.what into over
    from bumped k join pneuma_private.storage_quotas q on q.tbl = k.tbl
   where case when k.tbl = '*' then k.bytes else k.rows end > q.max_rows
   limit 1;
  if found then
    perform pneuma_private.storage_quota_reached(over.tbl, over.rows, over.bytes, over.max_rows, over.what);
  end if;
  return null;
end
$$;
create or replace function pneuma_private.marketplace_programs_count_deleted() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update pneuma_private.storage_usage u
     set rows = greatest(u.rows - o.n, 0), bytes = greatest(u.bytes - o.b, 0)
    from (select d.creator_id as user_id, count(*) as n, sum(pg_column_size(d.*)) as b
            from old_rows d where d.creator_id is not null group by 1) o
   where u.user_id = o.user_id and u.tbl in ('marketplace_programs', '*');
  return null;
end
$$;
revoke all on function pneuma_private.marketplace_programs_count_inserted() from public;
revoke all on function pneuma_private.marketplace_programs_count_deleted() from public;
create trigger marketplace_programs_quota_insert after insert on public.marketplace_programs
  referencing new table as new_rows
  for each statement execute function pneuma_private.marketplace_programs_count_inserted();
create trigger marketplace_programs_quota_delete after delete on public.marketplace_programs
  referencing old table as old_rows
  for each statement execute function pneuma_private.marketplace_programs_count_deleted();
