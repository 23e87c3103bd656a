-- One write path per table (docs/product.md § Security).
--
-- Tables the /api endpoints own (the community, the marketplace, pattern tokens, camera
-- summaries, instructor profiles) are written only through /api: the client role
-- `authenticated` keeps reading them under row-level security but may no longer insert,
-- update or delete them through /rest/v1, where the API's checks (zod bodies, the Flow
-- check, the marketplace rules) would be skipped. The API runs each signed-in request as
-- `pneuma_api`: a member of `authenticated` (so every policy written `to authenticated`
-- binds it, with auth.uid() the caller as before) that alone holds those write grants. No
-- token can carry that role: the server accepts only anon, authenticated and service_role
-- in a JWT (server/auth/request-auth.ts).
--
-- What stays writable through /rest/v1 (what the app syncs: sessions, custom patterns,
-- favourites, ratings, preferences, courses, enrolments, progress, the user row) is checked
-- by the database itself below, so skipping the app's own validation gains nothing.
-- New checks are NOT VALID: rows stored before stay readable; every new or changed row is
-- checked.

-- 1. The API's role.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'pneuma_api') then
    create role pneuma_api nologin inherit;
  end if;
  -- The server's own login role must be able to SET ROLE to it (a superuser can already).
  if not (select rolsuper from pg_roles where rolname = current_user) then
    execute format('grant pneuma_api to %I', current_user);
  end if;
end
$$;
grant authenticated to pneuma_api;

-- 2. Tables /api owns: no client writes.
revoke insert, update, delete on table public.social_posts, public.social_reactions,
  public.social_comments, public.social_follows, public.social_reports from authenticated;
grant insert, delete on table public.social_posts, public.social_reactions,
  public.social_comments, public.social_follows to pneuma_api;
grant insert on table public.social_reports to pneuma_api;
-- The Lens post of one's own post is recorded through PUT /api/social/posts/:id/lens too
-- (once, in the format the table checks: 20261123065000_lens_posts.sql).
grant update (lens_post_id) on table public.social_posts to pneuma_api;

revoke insert, update, delete on table public.marketplace_patterns, public.marketplace_ratings,
  public.marketplace_uses from authenticated;
grant insert on table public.marketplace_patterns to pneuma_api;
grant update (name, description, inhale, hold, exhale, hold_after_exhale, category, difficulty,
  benefits, unpublished_at) on table public.marketplace_patterns to pneuma_api;
grant insert, update, delete on table public.marketplace_ratings, public.marketplace_uses to pneuma_api;

revoke insert, update, delete on table public.pattern_tokens from authenticated;
grant insert (pattern_id, network, recipient, copies, metadata) on table public.pattern_tokens to pneuma_api;
grant update (status, tx_id, token_ids, owner_address, error) on table public.pattern_tokens to pneuma_api;

revoke insert, update, delete on table public.vision_sessions from authenticated;
grant insert, delete on table public.vision_sessions to pneuma_api;

revoke execute on function public.become_instructor(text, text, text, text[], text) from authenticated;
grant execute on function public.become_instructor(text, text, text, text[], text) to pneuma_api;

-- 3. A published pattern's source_pattern_id (the id in its creator's own library) is the
-- creator's alone: clients read every other column; the API (which shows it only to the
-- creator) reads it.
revoke select on table public.marketplace_patterns, public.marketplace_listing from anon, authenticated;
grant select (id, creator_id, creator_name, name, description, inhale, hold, exhale,
  hold_after_exhale, category, difficulty, benefits, created_at, updated_at, unpublished_at)
  on table public.marketplace_patterns to anon, authenticated;
grant select (id, creator_id, creator_name, name, description, inhale, hold, exhale,
  hold_after_exhale, category, difficulty, benefits, created_at, updated_at, unpublished_at,
  rating_avg, rating_count, users, sessions, your_rating)
  on table public.marketplace_listing to anon, authenticated;
grant select on table public.marketplace_patterns, public.marketplace_listing to pneuma_api;

-- 4. A Flow transaction id is unique among verified mints only: a creator's unverified
-- word ('sealed') can no longer hold another creator's transaction id and block its record.
alter table public.pattern_tokens drop constraint if exists pattern_tokens_network_tx_id_key;
create unique index if not exists pattern_tokens_verified_tx_idx
  on public.pattern_tokens (network, tx_id) where status = 'verified';

-- 5. A post's pattern has the shape the API checks (server/social/schemas.ts): a name of
-- 1-100 characters, an optional text id, optional phase seconds.
-- A JSON number as numeric, else null (never a cast error on text or objects).
create or replace function public.jsonb_seconds(v jsonb) returns numeric
language sql immutable
as $$
  select case when jsonb_typeof(v) = 'number' then (v #>> '{}')::numeric end
$$;

create or replace function public.social_pattern_valid(p jsonb) returns boolean
language sql immutable
as $$
  select jsonb_typeof(p) = 'object'
    and jsonb_typeof(p -> 'name') = 'string'
    and char_length(p ->> 'name') between 1 and 100
    and (p -> 'id' is null or (jsonb_typeof(p -> 'id') = 'string' and char_length(p ->> 'id') between 1 and 200))
    and not exists (
      select 1 from jsonb_each(p) e
      where e.key in ('inhale', 'hold', 'exhale', 'holdAfterExhale')
        and coalesce(public.jsonb_seconds(e.value) between 0 and 120, false) = false
    )
$$;
alter table public.social_posts add constraint social_posts_pattern_shape
  check (public.social_pattern_valid(pattern)) not valid;

-- 6. Sessions (synced through /rest/v1): the shape the app writes (src/sync/rows/sessionRow.ts,
-- src/domain/sessionModes.ts): readable names and ids, a known mode, bounded counts.
alter table public.sessions add constraint sessions_pattern_name_shown
  check (pattern_name !~ '[[:cntrl:]]' and btrim(pattern_name) <> '') not valid;
alter table public.sessions add constraint sessions_pattern_id_shown
  check (pattern_id is null or (pattern_id !~ '[[:cntrl:]]' and btrim(pattern_id) <> '')) not valid;
alter table public.sessions add constraint sessions_session_type_known
  check (session_type is null or session_type in ('classic', 'enhanced', 'mobile')) not valid;
alter table public.sessions add constraint sessions_counts_bounded
  check (coalesce(cycle_count, 0) <= 100000 and coalesce(target_cycles, 0) <= 100000
    and coalesce(breath_hold_time, 0) <= 86400) not valid;

-- 7. Custom patterns: the rules of src/domain/patternSchema.ts the table did not hold yet.
alter table public.patterns add constraint patterns_name_shown
  check (name !~ '[[:cntrl:]]' and btrim(name) <> '') not valid;
alter table public.patterns add constraint patterns_category_known
  check (category is null or category in ('stress', 'sleep', 'focus', 'energy')) not valid;
alter table public.patterns add constraint patterns_difficulty_known
  check (difficulty is null or difficulty in ('Beginner', 'Intermediate', 'Advanced')) not valid;
alter table public.patterns add constraint patterns_benefits_bounded
  check (jsonb_array_length(benefits) <= 10 and octet_length(benefits::text) <= 6000
    and not jsonb_path_exists(benefits, '$[*] ? (@.type() != "string")')) not valid;

-- 8. A published course is complete in every part a student's device reads
-- (src/domain/instructor/courseSchema.ts): each pattern an object with a text id and name
-- and breathable timings, each note text of at most 500 characters.
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
    )
$$;
alter table public.courses add constraint courses_title_shown
  check (title !~ '[[:cntrl:]]') not valid;

-- 9. An enrolment or a completed day never moves to another course or person: the key
-- columns are not writable (a new enrolment is an insert, which needs a published course).
revoke update on table public.course_enrolments, public.course_progress from authenticated;
grant update (enrolled_at, deleted_at) on table public.course_enrolments to authenticated;
grant update (completed_at, session_id, deleted_at) on table public.course_progress to authenticated;
