-- Member names (docs/product.md § Around the practice): the name shown with a post, a
-- comment or a published pattern is the account's display name (the first name asked for
-- at sign-up, changeable in Profile), else 'Pneuma member': never a piece of the account id.
-- A changed display name reaches the patterns already published.

create or replace function public.member_display_name(uid uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select nullif(btrim(left(u.raw_user_meta_data ->> 'display_name', 60)), '')
       from auth.users u where u.id = uid),
    'Pneuma member'
  )
$$;
revoke all on function public.member_display_name(uuid) from public;
grant execute on function public.member_display_name(uuid) to authenticated, service_role;

create or replace function public.social_author_name(uid uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select public.member_display_name(uid)
$$;

create or replace function public.marketplace_stamp_pattern() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.creator_name := public.member_display_name(new.creator_id);
  -- A rename (below) restamps the name only: the listing's own dates stay.
  if tg_op = 'UPDATE' and current_setting('pneuma.renaming_member', true) = 'on' then
    new.updated_at := old.updated_at;
  else
    new.updated_at := now();
  end if;
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

-- A display name changed in auth.users: the member's published patterns show the new one.
create or replace function public.member_renamed() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if (old.raw_user_meta_data ->> 'display_name') is distinct from (new.raw_user_meta_data ->> 'display_name') then
    perform set_config('pneuma.renaming_member', 'on', true);
    update public.marketplace_patterns set creator_name = creator_name where creator_id = new.id;
    perform set_config('pneuma.renaming_member', 'off', true);
  end if;
  return null;
end
$$;
revoke all on function public.member_renamed() from public;

drop trigger if exists auth_users_member_renamed on auth.users;
create trigger auth_users_member_renamed after update of raw_user_meta_data on auth.users
  for each row execute function public.member_renamed();
