-- Who sees a member's posts (docs/product.md § Sharing and community): the member's
-- community preference `privacyLevel` (the synced preference row `communityPreferences`
-- in public.user_preferences, src/domain/communityPreferences.ts) decides, for every post
-- of theirs, old and new: 'public' (the default, also for a missing or unknown value) every
-- signed-in member; 'followers' the members who follow them; 'private' only themselves.
-- The read policy of the posts says so, and reactions and comments follow their post, so
-- /api/social and /rest/v1 both obey it. A member always sees their own posts.

-- The member's privacy level, 'public' when none is stored or it is not one of the three.
create or replace function public.social_privacy_of(uid uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select case when p.value ->> 'privacyLevel' in ('public', 'followers', 'private')
                 then p.value ->> 'privacyLevel' end
       from public.user_preferences p
      where p.user_id = uid and p.key = 'communityPreferences' and p.deleted_at is null),
    'public')
$$;
revoke all on function public.social_privacy_of(uuid) from public;
grant execute on function public.social_privacy_of(uuid) to authenticated, service_role;

-- Whether the caller (auth.uid()) may see the posts of `author`.
create or replace function public.social_can_see(author uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select author = auth.uid() or case public.social_privacy_of(author)
    when 'public' then auth.uid() is not null
    when 'followers' then exists (
      select 1 from public.social_follows f where f.follower_id = auth.uid() and f.followee_id = author)
    else false
  end
$$;
revoke all on function public.social_can_see(uuid) from public;
grant execute on function public.social_can_see(uuid) to authenticated, service_role;

drop policy if exists social_posts_read on public.social_posts;
create policy social_posts_read on public.social_posts
  for select to authenticated using (public.social_can_see(user_id));

-- Reactions and comments are read, and written, only on a post the caller can see (the
-- subquery runs under the posts' policy above).
drop policy if exists social_reactions_read on public.social_reactions;
create policy social_reactions_read on public.social_reactions
  for select to authenticated using (exists (select 1 from public.social_posts p where p.id = post_id));
drop policy if exists social_reactions_insert_own on public.social_reactions;
create policy social_reactions_insert_own on public.social_reactions
  for insert to authenticated
  with check (user_id = auth.uid() and exists (select 1 from public.social_posts p where p.id = post_id));

drop policy if exists social_comments_read on public.social_comments;
create policy social_comments_read on public.social_comments
  for select to authenticated using (exists (select 1 from public.social_posts p where p.id = post_id));
drop policy if exists social_comments_insert_own on public.social_comments;
create policy social_comments_insert_own on public.social_comments
  for insert to authenticated
  with check (user_id = auth.uid() and exists (select 1 from public.social_posts p where p.id = post_id));
