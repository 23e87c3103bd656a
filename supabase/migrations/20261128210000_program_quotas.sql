-- The storage quota of custom programs (issue 42, item 5): public.programs is written through
-- /rest/v1 by its owner and had none (300 rows and 18 MB went in within 6 s). The same counting
-- triggers as every other table (20261127100100_storage_quotas.sql), made for this one: rows
-- per account here, and their bytes in the account's total (the row '*', 64 MiB). Every other
-- table a client role may insert into already has one, except public.users (one row per
-- account: its primary key is the caller's id); push subscriptions live in pneuma_private.
insert into pneuma_private.storage_quotas (tbl, max_rows, what)
values ('programs', 200, 'custom programs')
on conflict (tbl) do nothing;

create or replace function pneuma_private.programs_count_inserted() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  over record;
begin
  with added as (
    select n.user_id, count(*) as n, sum(pg_column_size(n.*)) as b
      from new_rows n where n.user_id is not null group by 1
  ), bumped as (
    insert into pneuma_private.storage_usage as u (user_id, tbl, rows, bytes)
    select a.user_id, t.tbl, a.n, a.b from added a cross join (values ('programs'), ('*')) as t(tbl)
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

create or replace function pneuma_private.programs_count_deleted() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update pneuma_private.storage_usage u
     set rows = greatest(u.rows - o.n, 0), bytes = greatest(u.bytes - o.b, 0)
    from (select d.user_id, count(*) as n, sum(pg_column_size(d.*)) as b
            from old_rows d where d.user_id is not null group by 1) o
   where u.user_id = o.user_id and u.tbl in ('programs', '*');
  return null;
end
$$;

revoke all on function pneuma_private.programs_count_inserted() from public;
revoke all on function pneuma_private.programs_count_deleted() from public;
drop trigger if exists programs_quota_insert on public.programs;
create trigger programs_quota_insert after insert on public.programs
  referencing new table as new_rows
  for each statement execute function pneuma_private.programs_count_inserted();
drop trigger if exists programs_quota_delete on public.programs;
create trigger programs_quota_delete after delete on public.programs
  referencing old table as old_rows
  for each statement execute function pneuma_private.programs_count_deleted();

-- What is already stored counts: each account's programs, and they join its total.
insert into pneuma_private.storage_usage (user_id, tbl, rows, bytes)
select r.user_id, 'programs', count(*), sum(pg_column_size(r.*)) from public.programs r group by 1
on conflict (user_id, tbl) do update set rows = excluded.rows, bytes = excluded.bytes;
insert into pneuma_private.storage_usage (user_id, tbl, rows, bytes)
select r.user_id, '*', count(*), sum(pg_column_size(r.*)) from public.programs r group by 1
on conflict (user_id, tbl) do update set rows = pneuma_private.storage_usage.rows + excluded.rows,
  bytes = pneuma_private.storage_usage.bytes + excluded.bytes;
