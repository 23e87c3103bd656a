-- Instructors and courses (docs/product.md § Instructors).
--
-- instructor_profiles: the public face of an instructor (name, bio, credentials,
--   specialities, a small photo). Anyone may read them; no client role may write them:
--   public.become_instructor() writes the caller's own profile and raises the caller's role
--   from 'user' to 'instructor' (users never write their own role).
-- courses: made by instructors. A draft is readable only by its instructor; a published
--   course by everyone (guests too). An instructor writes only their own courses, and only
--   once they have a profile. Days are a JSON list: {note, patterns: [{id, name, inhale,
--   hold, exhale, hold_after_exhale}]} so a student's device has everything to practise offline.
-- course_enrolments, course_progress: a student's own rows (one enrolment per course, one
--   completion per day). Only published courses take new enrolments; progress needs an
--   enrolment. The instructor sees counts and completion rates through
--   public.instructor_course_stats(), never the students' rows.
-- All three course tables sync two ways: the server stamps updated_at
-- (public.stamp_sync_row), a removal is a tombstone in deleted_at.

create table if not exists public.instructor_profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  display_name text not null check (length(btrim(display_name)) between 2 and 60),
  bio text not null check (length(btrim(bio)) between 20 and 1000),
  credentials text not null check (length(btrim(credentials)) between 10 and 1000),
  specialities text[] not null check (cardinality(specialities) between 1 and 6),
  photo text check (
    photo is null
    or (photo ~ '^data:image/(jpeg|webp|png);base64,[A-Za-z0-9+/=]+$' and length(photo) <= 150000)
  ),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger instructor_profiles_set_updated_at before update on public.instructor_profiles
  for each row execute function public.set_updated_at();

alter table public.instructor_profiles enable row level security;
revoke all on table public.instructor_profiles from anon, authenticated;
grant select on table public.instructor_profiles to anon, authenticated;
grant all on table public.instructor_profiles to service_role;
create policy instructor_profiles_read_all on public.instructor_profiles
  for select to anon, authenticated using (true);

-- Each day: an object whose `patterns` is a list of 1 to 4 patterns and whose note is text.
create or replace function public.course_days_valid(days jsonb) returns boolean
language sql immutable
as $$
  select jsonb_typeof(days) = 'array'
    and jsonb_array_length(days) <= 60
    and not exists (
      select 1 from jsonb_array_elements(days) d
      where jsonb_typeof(d) <> 'object'
        or jsonb_typeof(d -> 'patterns') is distinct from 'array'
        or jsonb_array_length(d -> 'patterns') not between 1 and 4
        or (d ? 'note' and jsonb_typeof(d -> 'note') <> 'string')
    )
$$;

create table if not exists public.courses (
  id uuid primary key,
  instructor_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null check (length(btrim(title)) between 3 and 120),
  description text not null default '' check (length(description) <= 2000),
  level text not null check (level in ('Beginner', 'Intermediate', 'Advanced')),
  days jsonb not null default '[]'::jsonb check (octet_length(days::text) <= 200000),
  status text not null default 'draft' check (status in ('draft', 'published')),
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- A draft may be unfinished; a published course has at least one complete day.
  constraint courses_published_complete check (
    status = 'draft' or (jsonb_array_length(days) >= 1 and public.course_days_valid(days))
  )
);

create index if not exists courses_instructor_updated_idx on public.courses (instructor_id, updated_at, id);
create index if not exists courses_published_idx on public.courses (published_at desc) where status = 'published' and deleted_at is null;
create trigger courses_stamp_sync before insert or update on public.courses
  for each row execute function public.stamp_sync_row();

-- The first publication keeps its time; the instructor id never changes.
create or replace function public.courses_keep_facts() returns trigger
language plpgsql
as $$
begin
  if tg_op = 'UPDATE' then
    new.instructor_id := old.instructor_id;
    new.created_at := old.created_at;
    new.published_at := coalesce(old.published_at, case when new.status = 'published' then now() end);
  else
    new.published_at := case when new.status = 'published' then now() end;
  end if;
  return new;
end
$$;
create trigger courses_keep_facts before insert or update on public.courses
  for each row execute function public.courses_keep_facts();

create or replace function public.is_instructor(uid uuid) returns boolean
language sql stable security definer set search_path = public, pg_temp
as $$
  select exists (select 1 from public.instructor_profiles where user_id = uid)
$$;
revoke all on function public.is_instructor(uuid) from public;
grant execute on function public.is_instructor(uuid) to anon, authenticated, service_role;

alter table public.courses enable row level security;
revoke all on table public.courses from anon, authenticated;
grant select on table public.courses to anon, authenticated;
grant insert, update on table public.courses to authenticated;
grant all on table public.courses to service_role;
create policy courses_read on public.courses for select to anon, authenticated
  using ((status = 'published' and deleted_at is null) or instructor_id = auth.uid());
create policy courses_insert_own on public.courses for insert to authenticated
  with check (instructor_id = auth.uid() and public.is_instructor(auth.uid()));
create policy courses_update_own on public.courses for update to authenticated
  using (instructor_id = auth.uid())
  with check (instructor_id = auth.uid() and public.is_instructor(auth.uid()));

create table if not exists public.course_enrolments (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  course_id uuid not null references public.courses (id) on delete cascade,
  enrolled_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (user_id, course_id)
);

create table if not exists public.course_progress (
  user_id uuid not null default auth.uid(),
  course_id uuid not null,
  day_index smallint not null check (day_index between 0 and 59),
  completed_at timestamptz not null default now(),
  session_id uuid,
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (user_id, course_id, day_index),
  foreign key (user_id, course_id) references public.course_enrolments (user_id, course_id) on delete cascade
);

create or replace function public.course_is_open(cid uuid) returns boolean
language sql stable security definer set search_path = public, pg_temp
as $$
  select exists (select 1 from public.courses where id = cid and status = 'published' and deleted_at is null)
$$;
revoke all on function public.course_is_open(uuid) from public;
grant execute on function public.course_is_open(uuid) to authenticated, service_role;

do $$
declare
  t text;
begin
  foreach t in array array['course_enrolments', 'course_progress'] loop
    execute format('create index if not exists %I on public.%I (user_id, updated_at)', t || '_user_updated_idx', t);
    execute format('create trigger %I before insert or update on public.%I
      for each row execute function public.stamp_sync_row()', t || '_stamp_sync', t);
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on table public.%I from anon, authenticated', t);
    execute format('grant select, insert, update on table public.%I to authenticated', t);
    execute format('grant all on table public.%I to service_role', t);
    execute format('create policy %I on public.%I for select to authenticated using (user_id = auth.uid())',
      t || '_select_own', t);
    execute format('create policy %I on public.%I for update to authenticated
      using (user_id = auth.uid()) with check (user_id = auth.uid())', t || '_update_own', t);
  end loop;
end
$$;

create index if not exists course_enrolments_course_idx on public.course_enrolments (course_id);
-- A new enrolment only in a published course; progress only inside one's own enrolment.
create policy course_enrolments_insert_own on public.course_enrolments for insert to authenticated
  with check (user_id = auth.uid() and public.course_is_open(course_id));
create policy course_progress_insert_own on public.course_progress for insert to authenticated
  with check (
    user_id = auth.uid()
    and exists (
      select 1 from public.course_enrolments e
      where e.user_id = auth.uid() and e.course_id = course_progress.course_id
    )
  );

-- The caller becomes an instructor: their profile is written (or updated) and their role
-- goes from 'user' to 'instructor' (a creator keeps the creator role and gains the profile).
-- The API checks the input first; the table checks hold here too.
create or replace function public.become_instructor(
  p_display_name text,
  p_bio text,
  p_credentials text,
  p_specialities text[],
  p_photo text
) returns text
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  uid uuid := auth.uid();
  new_role text;
begin
  if uid is null then
    raise exception 'Sign in to become an instructor' using errcode = '42501';
  end if;
  insert into public.instructor_profiles (user_id, display_name, bio, credentials, specialities, photo)
  values (uid, btrim(p_display_name), btrim(p_bio), btrim(p_credentials), p_specialities, p_photo)
  on conflict (user_id) do update set
    display_name = excluded.display_name,
    bio = excluded.bio,
    credentials = excluded.credentials,
    specialities = excluded.specialities,
    photo = excluded.photo;
  insert into public.users as u (id, role) values (uid, 'instructor')
  on conflict (id) do update set role = case when u.role = 'user' then 'instructor' else u.role end
  returning u.role into new_role;
  return new_role;
end
$$;
revoke all on function public.become_instructor(text, text, text, text[], text) from public;
grant execute on function public.become_instructor(text, text, text, text[], text) to authenticated;

-- Per course of the calling instructor: active enrolments, and the mean share of days each
-- enrolled student completed (0-100; null without enrolments).
create or replace function public.instructor_course_stats()
returns table (course_id uuid, enrolments integer, completion_rate numeric)
language sql stable security definer set search_path = public, pg_temp
as $$
  select c.id,
    count(e.user_id)::integer,
    round(avg(
      case when e.user_id is null then null
      else 100.0 * least((
        select count(*) from public.course_progress p
        where p.user_id = e.user_id and p.course_id = c.id and p.deleted_at is null
          and p.day_index < jsonb_array_length(c.days)
      ), jsonb_array_length(c.days)) / greatest(jsonb_array_length(c.days), 1)
      end
    ), 1)
  from public.courses c
  left join public.course_enrolments e on e.course_id = c.id and e.deleted_at is null
  where c.instructor_id = auth.uid()
  group by c.id
$$;
revoke all on function public.instructor_course_stats() from public;
grant execute on function public.instructor_course_stats() to authenticated;
