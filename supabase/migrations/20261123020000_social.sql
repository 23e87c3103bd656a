-- Community (docs/product.md § Sharing and community): posts that share a breathing
-- session with its pattern, reactions, comments, follows and reports.
--
-- Access: anyone signed in reads posts, reactions, comments and follows; only the owner
-- writes or deletes a row (user_id / follower_id / reporter_id = auth.uid()). Reports are
-- readable only by the person who filed them. The anon role gets nothing. The /api/social
-- endpoints run as the caller too, so these policies bind them as well as /rest/v1.

-- The name shown with a post or comment: the account's display name, else "Member" and
-- the first four characters of the account id. Never the email address.
create or replace function public.social_author_name(uid uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select nullif(btrim(left(u.raw_user_meta_data ->> 'display_name', 60)), '')
       from auth.users u where u.id = uid),
    'Member ' || left(uid::text, 4)
  )
$$;
revoke all on function public.social_author_name(uuid) from public;
grant execute on function public.social_author_name(uuid) to authenticated, service_role;

-- posts: a shared breathing session. content is what the user wrote (at most 280
-- characters, never blank); pattern is the pattern metadata ({id?, name, inhale?, hold?,
-- exhale?, holdAfterExhale?}); pattern_key groups posts of one pattern (its id, else
-- "name:" and its name); session is the shared session's summary, when one was attached.
create table if not exists public.social_posts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  type text not null default 'BREATHING_SESSION' check (type in ('BREATHING_SESSION')),
  content text not null check (char_length(content) between 1 and 280 and btrim(content) <> ''),
  pattern jsonb not null check (jsonb_typeof(pattern) = 'object' and octet_length(pattern::text) <= 2000),
  pattern_key text not null check (char_length(pattern_key) between 1 and 220),
  session jsonb check (session is null or (jsonb_typeof(session) = 'object' and octet_length(session::text) <= 2000)),
  created_at timestamptz not null default now()
);
create index if not exists social_posts_created_idx on public.social_posts (created_at desc, id desc);
create index if not exists social_posts_user_idx on public.social_posts (user_id, created_at desc);
create index if not exists social_posts_pattern_idx on public.social_posts (pattern_key, created_at desc);

-- reactions: one per person and post.
create table if not exists public.social_reactions (
  post_id uuid not null references public.social_posts (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (post_id, user_id)
);
create index if not exists social_reactions_user_idx on public.social_reactions (user_id);

-- comments: at most 500 characters, never blank.
create table if not exists public.social_comments (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.social_posts (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  content text not null check (char_length(content) between 1 and 500 and btrim(content) <> ''),
  created_at timestamptz not null default now()
);
create index if not exists social_comments_post_idx on public.social_comments (post_id, created_at, id);

-- follows: who follows whom (never oneself).
create table if not exists public.social_follows (
  follower_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  followee_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (follower_id, followee_id),
  check (follower_id <> followee_id)
);
create index if not exists social_follows_followee_idx on public.social_follows (followee_id);

-- reports: a post someone found unfit; hidden from that person at once.
create table if not exists public.social_reports (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.social_posts (id) on delete cascade,
  reporter_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  reason text not null check (reason in ('spam', 'harassment', 'harmful', 'other')),
  details text check (details is null or char_length(details) <= 500),
  created_at timestamptz not null default now(),
  unique (post_id, reporter_id)
);

alter table public.social_posts enable row level security;
alter table public.social_reactions enable row level security;
alter table public.social_comments enable row level security;
alter table public.social_follows enable row level security;
alter table public.social_reports enable row level security;

revoke all on table public.social_posts, public.social_reactions, public.social_comments,
  public.social_follows, public.social_reports from anon, authenticated;
grant select, insert, delete on table public.social_posts, public.social_reactions,
  public.social_comments, public.social_follows to authenticated;
grant select, insert on table public.social_reports to authenticated;
grant all on table public.social_posts, public.social_reactions, public.social_comments,
  public.social_follows, public.social_reports to service_role;

create policy social_posts_read on public.social_posts
  for select to authenticated using (true);
create policy social_posts_insert_own on public.social_posts
  for insert to authenticated with check (user_id = auth.uid());
create policy social_posts_delete_own on public.social_posts
  for delete to authenticated using (user_id = auth.uid());

create policy social_reactions_read on public.social_reactions
  for select to authenticated using (true);
create policy social_reactions_insert_own on public.social_reactions
  for insert to authenticated with check (user_id = auth.uid());
create policy social_reactions_delete_own on public.social_reactions
  for delete to authenticated using (user_id = auth.uid());

create policy social_comments_read on public.social_comments
  for select to authenticated using (true);
create policy social_comments_insert_own on public.social_comments
  for insert to authenticated with check (user_id = auth.uid());
create policy social_comments_delete_own on public.social_comments
  for delete to authenticated using (user_id = auth.uid());

create policy social_follows_read on public.social_follows
  for select to authenticated using (true);
create policy social_follows_insert_own on public.social_follows
  for insert to authenticated with check (follower_id = auth.uid());
create policy social_follows_delete_own on public.social_follows
  for delete to authenticated using (follower_id = auth.uid());

create policy social_reports_read_own on public.social_reports
  for select to authenticated using (reporter_id = auth.uid());
create policy social_reports_insert_own on public.social_reports
  for insert to authenticated with check (reporter_id = auth.uid());
