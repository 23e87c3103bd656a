-- Storage quotas (docs/product.md § Security): how many rows one account may keep in each
-- table it writes, and how many bytes in all of them together.
--
-- pneuma_private.storage_usage keeps, per account and table, the rows and the bytes (each
-- row's pg_column_size when it was inserted). One statement-level trigger per table and
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

-- The check after an insert: the first table of `users` over its row quota, or the first
-- account over the byte quota, stops the statement.
create or replace function pneuma_private.check_storage_quota(tbl_name text, users uuid[]) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  q record;
begin
  select u.rows, qt.max_rows, qt.what into q
    from pneuma_private.storage_usage u
    join pneuma_private.storage_quotas qt on qt.tbl = u.tbl
   where u.tbl = tbl_name and u.user_id = any(users) and u.rows > qt.max_rows
   limit 1;
  if found then
    raise exception 'Storage quota reached: at most % % per account', to_char(q.max_rows, 'FM999,999,999,999'), q.what
      using errcode = 'PT413', detail = format('table %s: %s rows', tbl_name, q.rows),
        hint = 'Delete some of them, or ask the operator for a larger quota';
  end if;
  select sum(u.bytes) as bytes, max(qt.max_rows) as max_rows into q
    from pneuma_private.storage_usage u
    join pneuma_private.storage_quotas qt on qt.tbl = '*'
   where u.user_id = any(users)
   group by u.user_id
  having sum(u.bytes) > max(qt.max_rows)
   limit 1;
  if found then
    raise exception 'Storage quota reached: at most % of data per account', pg_size_pretty(q.max_rows)
      using errcode = 'PT413', detail = format('%s bytes stored', q.bytes),
        hint = 'Delete some sessions or patterns, or ask the operator for a larger quota';
  end if;
end
$$;
revoke all on function pneuma_private.check_storage_quota(text, uuid[]) from public;

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
        touched uuid[];
      begin
        with added as (
          select n.%2$I as user_id, count(*) as n, sum(pg_column_size(n.*)) as b
            from new_rows n where n.%2$I is not null group by 1
        ), bumped as (
          insert into pneuma_private.storage_usage as u (user_id, tbl, rows, bytes)
          select user_id, %1$L, n, b from added
          on conflict (user_id, tbl) do update set rows = u.rows + excluded.rows, bytes = u.bytes + excluded.bytes
          returning u.user_id
        )
        select array_agg(user_id) into touched from bumped;
        if touched is not null then
          perform pneuma_private.check_storage_quota(%1$L, touched);
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
         where u.user_id = o.user_id and u.tbl = %1$L;
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
end
$$;
