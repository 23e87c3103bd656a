-- Storage quotas (docs/product.md § Security): how many rows one account may keep in each
-- table it writes, and how many bytes in all of them together.
--
-- pneuma_private.storage_usage keeps, per account and table, the rows and the bytes (each
-- row's pg_column_size when it was inserted), and per account their total (table '*'). One statement-level trigger per table and
-- event keeps it: after an INSERT it adds the statement's new rows (one grouped upsert per
-- statement, however many rows it carried; an upsert that only updated rows adds nothing)
-- and refuses the whole statement when an account goes over a quota; after a DELETE it
-- takes the deleted rows off. Updates are not counted: a row that grows later is bounded by
-- its table's own size checks, so the byte figure is the size at insert.
--
-- Over a quota: SQLSTATE PT413, which the server answers as HTTP 413 (PostgREST does the
-- same for PTxxx codes), with the message "Storage quota reached: at most N <what> per
-- account" and the table in the details. The quotas are rows of
-- pneuma_private.storage_quotas, so an operator can change them with one UPDATE.

create schema if not exists pneuma_private;
revoke all on schema pneuma_private from public;

create table if not exists pneuma_private.storage_quotas (
  tbl text primary key,
  max_rows bigint not null check (max_rows >= 0),
  what text not null
);

-- The account-wide byte quota is the row named '*' (max_rows = bytes).
insert into pneuma_private.storage_quotas (tbl, max_rows, what) values
  ('*', 64 * 1024 * 1024, 'bytes'),
  ('sessions', 100000, 'sessions'),
  ('vision_sessions', 100000, 'camera summaries'),
  ('patterns', 1000, 'custom patterns'),
  ('user_favorites', 2000, 'favourites'),
  ('user_ratings', 2000, 'pattern ratings'),
  ('user_preferences', 200, 'preferences'),
  ('courses', 200, 'courses'),
  ('course_enrolments', 500, 'course enrolments'),
  ('course_progress', 30000, 'completed course days'),
  ('social_posts', 10000, 'community posts'),
  ('social_comments', 20000, 'comments'),
  ('social_reactions', 50000, 'reactions'),
  ('social_follows', 5000, 'follows'),
  ('social_reports', 5000, 'reports'),
  ('marketplace_patterns', 1000, 'published patterns'),
  ('marketplace_ratings', 10000, 'marketplace ratings'),
  ('marketplace_uses', 20000, 'marketplace uses'),
  ('pattern_tokens', 5000, 'token mints')
on conflict (tbl) do nothing;

create table if not exists pneuma_private.storage_usage (
  user_id uuid not null,
  tbl text not null,
  rows bigint not null default 0,
  bytes bigint not null default 0,
  primary key (user_id, tbl)
);

-- The words of a quota reached, from the first row over its quota that an insert returned:
-- a table's row quota, or the account's byte quota (the row '*', which totals every table).
create or replace function pneuma_private.storage_quota_reached(tbl_name text, used_rows bigint, used_bytes bigint,
  max_rows bigint, what text) returns void
language plpgsql
set search_path = ''
as $$
begin
  if tbl_name = '*' then
    raise exception 'Storage quota reached: at most % of data per account', pg_size_pretty(max_rows)
      using errcode = 'PT413', detail = format('%s bytes stored', used_bytes),
        hint = 'Delete some sessions or patterns, or ask the operator for a larger quota';
  end if;
  raise exception 'Storage quota reached: at most % % per account', to_char(max_rows, 'FM999,999,999,999'), what
    using errcode = 'PT413', detail = format('table %s: %s rows', tbl_name, used_rows),
      hint = 'Delete some of them, or ask the operator for a larger quota';
end
$$;
revoke all on function pneuma_private.storage_quota_reached(text, bigint, bigint, bigint, text) from public;

-- One pair of trigger functions per table (static SQL, so PL/pgSQL keeps their plans), made
-- from the table's name and its owner column, and the counts of the rows already stored.
do $$
declare
  t record;
begin
  for t in select * from (values
    ('sessions', 'user_id'), ('vision_sessions', 'user_id'), ('patterns', 'user_id'),
    ('user_favorites', 'user_id'), ('user_ratings', 'user_id'), ('user_preferences', 'user_id'),
    ('courses', 'instructor_id'), ('course_enrolments', 'user_id'), ('course_progress', 'user_id'),
    ('social_posts', 'user_id'), ('social_comments', 'user_id'), ('social_reactions', 'user_id'),
    ('social_follows', 'follower_id'), ('social_reports', 'reporter_id'),
    ('marketplace_patterns', 'creator_id'), ('marketplace_ratings', 'user_id'),
    ('marketplace_uses', 'user_id'), ('pattern_tokens', 'creator_id')
  ) as v(tbl, owner_col) loop
    execute format($f$
      create or replace function pneuma_private.%1$s_count_inserted() returns trigger
      language plpgsql security definer
      set search_path = ''
      as $body$
      declare
        over record;
      begin
        -- One statement: add the new rows to the table's counter and to the account's total
        -- ('*'), and return the first counter now over its quota.
        with added as (
          select n.%2$I as user_id, count(*) as n, sum(pg_column_size(n.*)) as b
            from new_rows n where n.%2$I is not null group by 1
        ), bumped as (
          insert into pneuma_private.storage_usage as u (user_id, tbl, rows, bytes)
          select a.user_id, t.tbl, a.n, a.b from added a cross join (values (%1$L), ('*')) as t(tbl)
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
      $body$;
      create or replace function pneuma_private.%1$s_count_deleted() returns trigger
      language plpgsql security definer
      set search_path = ''
      as $body$
      begin
        update pneuma_private.storage_usage u
           set rows = greatest(u.rows - o.n, 0), bytes = greatest(u.bytes - o.b, 0)
          from (select d.%2$I as user_id, count(*) as n, sum(pg_column_size(d.*)) as b
                  from old_rows d where d.%2$I is not null group by 1) o
         where u.user_id = o.user_id and u.tbl in (%1$L, '*');
        return null;
      end
      $body$;
      revoke all on function pneuma_private.%1$s_count_inserted() from public;
      revoke all on function pneuma_private.%1$s_count_deleted() from public;
      drop trigger if exists %1$s_quota_insert on public.%1$I;
      create trigger %1$s_quota_insert after insert on public.%1$I
        referencing new table as new_rows
        for each statement execute function pneuma_private.%1$s_count_inserted();
      drop trigger if exists %1$s_quota_delete on public.%1$I;
      create trigger %1$s_quota_delete after delete on public.%1$I
        referencing old table as old_rows
        for each statement execute function pneuma_private.%1$s_count_deleted();
      insert into pneuma_private.storage_usage (user_id, tbl, rows, bytes)
      select r.%2$I, %1$L, count(*), sum(pg_column_size(r.*)) from public.%1$I r
       where r.%2$I is not null group by 1
      on conflict (user_id, tbl) do update set rows = excluded.rows, bytes = excluded.bytes;
    $f$, t.tbl, t.owner_col);
  end loop;
  -- Each account's total over every table: the row '*'.
  insert into pneuma_private.storage_usage (user_id, tbl, rows, bytes)
  select user_id, '*', sum(rows), sum(bytes) from pneuma_private.storage_usage where tbl <> '*' group by 1
  on conflict (user_id, tbl) do update set rows = excluded.rows, bytes = excluded.bytes;
end
$$;
