-- The pattern marketplace (docs/product.md § Discovery): patterns people publish from their
-- own library, with ratings and real usage.
--
-- Access: anyone, guests too (anon), reads live published patterns and their figures; only
-- the creator publishes, edits or unpublishes their own; each user writes only their own
-- ratings and uses. A user's role never comes from the user: publishing a first pattern
-- makes them a creator through marketplace_make_creator (SECURITY DEFINER, below).

-- marketplace_patterns: one row per pattern a creator published (source_pattern_id is the
-- id of the pattern in the creator's library; publishing it again updates this row).
-- unpublished_at set = taken off the marketplace (kept, so ratings and uses survive).
create table if not exists public.marketplace_patterns (
  id uuid primary key default gen_random_uuid(),
  creator_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  creator_name text not null default '' check (char_length(creator_name) <= 80),
  source_pattern_id uuid not null,
  name text not null check (char_length(name) between 1 and 80 and btrim(name) <> ''),
  description text not null default '' check (char_length(description) <= 500),
  inhale real not null check (inhale > 0 and inhale <= 60),
  hold real not null check (hold >= 0 and hold <= 60),
  exhale real not null check (exhale > 0 and exhale <= 60),
  hold_after_exhale real not null check (hold_after_exhale >= 0 and hold_after_exhale <= 60),
  category text not null check (category in ('stress', 'sleep', 'focus', 'energy')),
  difficulty text not null check (difficulty in ('Beginner', 'Intermediate', 'Advanced')),
  benefits jsonb not null default '[]'
    check (jsonb_typeof(benefits) = 'array' and jsonb_array_length(benefits) <= 10 and octet_length(benefits::text) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unpublished_at timestamptz,
  unique (creator_id, source_pattern_id)
);
create index if not exists marketplace_patterns_live_idx
  on public.marketplace_patterns (created_at desc, id) where unpublished_at is null;
create index if not exists marketplace_patterns_creator_idx on public.marketplace_patterns (creator_id);

-- The creator's shown name is the account's display name (else "Member" and the first four
-- characters of the id), stamped by the server on every write: a client cannot pose as
-- someone else. updated_at is the server's time too.
create or replace function public.marketplace_stamp_pattern() returns trigger
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
    new.source_pattern_id := old.source_pattern_id;
  end if;
  return new;
end
$$;
revoke all on function public.marketplace_stamp_pattern() from public;
create trigger marketplace_patterns_stamp before insert or update on public.marketplace_patterns
  for each row execute function public.marketplace_stamp_pattern();

-- The creator rule: a user who publishes a pattern becomes a creator (a user row is made
-- when there is none). An instructor keeps their role. Runs as the function's owner, so
-- the users table stays closed to role writes by its own users.
create or replace function public.marketplace_make_creator() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.users (id, role) values (new.creator_id, 'creator')
  on conflict (id) do update set role = 'creator' where public.users.role = 'user';
  return new;
end
$$;
revoke all on function public.marketplace_make_creator() from public;
create trigger marketplace_patterns_creator after insert on public.marketplace_patterns
  for each row execute function public.marketplace_make_creator();

-- marketplace_ratings: one rating (1-5) per user and pattern; never one's own pattern.
create table if not exists public.marketplace_ratings (
  pattern_id uuid not null references public.marketplace_patterns (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (pattern_id, user_id)
);
create index if not exists marketplace_ratings_user_idx on public.marketplace_ratings (user_id);
create trigger marketplace_ratings_set_updated_at before update on public.marketplace_ratings
  for each row execute function public.set_updated_at();

-- marketplace_uses: a user tried a pattern (opened a session with it) or added it to their
-- library (copy_id: the id of that library copy, so sessions with the copy count). One row
-- per user, pattern and kind; a repeat moves last_at. Completed sessions are not written
-- here: they are counted from the synced sessions themselves (marketplace_listing).
create table if not exists public.marketplace_uses (
  pattern_id uuid not null references public.marketplace_patterns (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  kind text not null check (kind in ('try', 'add')),
  copy_id uuid,
  first_at timestamptz not null default now(),
  last_at timestamptz not null default now(),
  primary key (pattern_id, user_id, kind),
  check ((kind = 'add') = (copy_id is not null))
);
create index if not exists marketplace_uses_user_idx on public.marketplace_uses (user_id);
-- Sessions are matched to a published pattern by pattern_id (the marketplace id when tried,
-- the library copy's id when added).
create index if not exists sessions_pattern_idx on public.sessions (pattern_id, user_id);

alter table public.marketplace_patterns enable row level security;
alter table public.marketplace_ratings enable row level security;
alter table public.marketplace_uses enable row level security;

revoke all on table public.marketplace_patterns, public.marketplace_ratings, public.marketplace_uses
  from anon, authenticated;
grant select on table public.marketplace_patterns to anon, authenticated;
grant insert on table public.marketplace_patterns to authenticated;
grant update (name, description, inhale, hold, exhale, hold_after_exhale, category, difficulty,
  benefits, unpublished_at) on table public.marketplace_patterns to authenticated;
grant select, insert, update, delete on table public.marketplace_ratings, public.marketplace_uses
  to authenticated;
grant all on table public.marketplace_patterns, public.marketplace_ratings, public.marketplace_uses
  to service_role;

create policy marketplace_patterns_read on public.marketplace_patterns
  for select to anon, authenticated
  using (unpublished_at is null or creator_id = auth.uid());
create policy marketplace_patterns_insert_own on public.marketplace_patterns
  for insert to authenticated with check (creator_id = auth.uid());
create policy marketplace_patterns_update_own on public.marketplace_patterns
  for update to authenticated using (creator_id = auth.uid()) with check (creator_id = auth.uid());

-- A pattern one may rate or use: live, and not one's own.
create or replace function public.marketplace_open_to_me(pid uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.marketplace_patterns p
    where p.id = pid and p.unpublished_at is null and p.creator_id <> auth.uid()
  )
$$;
revoke all on function public.marketplace_open_to_me(uuid) from public;
grant execute on function public.marketplace_open_to_me(uuid) to authenticated, service_role;

create policy marketplace_ratings_read_own on public.marketplace_ratings
  for select to authenticated using (user_id = auth.uid());
create policy marketplace_ratings_insert_own on public.marketplace_ratings
  for insert to authenticated
  with check (user_id = auth.uid() and public.marketplace_open_to_me(pattern_id));
create policy marketplace_ratings_update_own on public.marketplace_ratings
  for update to authenticated using (user_id = auth.uid())
  with check (user_id = auth.uid() and public.marketplace_open_to_me(pattern_id));
create policy marketplace_ratings_delete_own on public.marketplace_ratings
  for delete to authenticated using (user_id = auth.uid());

create policy marketplace_uses_read_own on public.marketplace_uses
  for select to authenticated using (user_id = auth.uid());
create policy marketplace_uses_insert_own on public.marketplace_uses
  for insert to authenticated
  with check (user_id = auth.uid() and public.marketplace_open_to_me(pattern_id));
create policy marketplace_uses_update_own on public.marketplace_uses
  for update to authenticated using (user_id = auth.uid())
  with check (user_id = auth.uid() and public.marketplace_open_to_me(pattern_id));
create policy marketplace_uses_delete_own on public.marketplace_uses
  for delete to authenticated using (user_id = auth.uid());

-- Figures per published pattern, from other people only (the creator's own tries and
-- sessions never count):
--   rating_avg, rating_count: the ratings;
--   users: distinct people who tried it, added it or completed a session with it;
--   sessions: completed, not deleted sessions synced to the server whose pattern is this
--             one (its marketplace id, or the id of the user's library copy).
--   your_rating: the caller's own rating (null for guests and when not rated).
-- Owned by the migration's role, so it reads every row; it shows only aggregates and only
-- rows the caller may see (live ones, or the caller's own).
create or replace view public.marketplace_listing with (security_barrier) as
with practised as (
  select p.id as pattern_id, s.user_id, s.id as session_id
  from public.marketplace_patterns p
  join public.sessions s on s.pattern_id = p.id::text and s.user_id <> p.creator_id
  where coalesce(s.completed, true) and s.deleted_at is null
  union
  select u.pattern_id, s.user_id, s.id
  from public.marketplace_uses u
  join public.marketplace_patterns p on p.id = u.pattern_id
  join public.sessions s on s.pattern_id = u.copy_id::text and s.user_id = u.user_id
  where u.kind = 'add' and u.user_id <> p.creator_id
    and coalesce(s.completed, true) and s.deleted_at is null
),
users_of as (
  select pattern_id, user_id from practised
  union
  select u.pattern_id, u.user_id from public.marketplace_uses u
  join public.marketplace_patterns p on p.id = u.pattern_id
  where u.user_id <> p.creator_id
)
select
  p.id, p.creator_id, p.creator_name, p.source_pattern_id, p.name, p.description,
  p.inhale, p.hold, p.exhale, p.hold_after_exhale, p.category, p.difficulty, p.benefits,
  p.created_at, p.updated_at, p.unpublished_at,
  coalesce(r.avg, 0)::real as rating_avg,
  coalesce(r.n, 0)::int as rating_count,
  (select count(*) from users_of x where x.pattern_id = p.id)::int as users,
  (select count(distinct session_id) from practised x where x.pattern_id = p.id)::int as sessions,
  (select m.rating::int from public.marketplace_ratings m
    where m.pattern_id = p.id and m.user_id = auth.uid()) as your_rating
from public.marketplace_patterns p
left join lateral (
  select avg(rating)::real as avg, count(*)::int as n
  from public.marketplace_ratings where pattern_id = p.id and user_id <> p.creator_id
) r on true
where p.unpublished_at is null or p.creator_id = auth.uid();

revoke all on table public.marketplace_listing from anon, authenticated;
grant select on table public.marketplace_listing to anon, authenticated, service_role;
