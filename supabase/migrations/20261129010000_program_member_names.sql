-- One member name on every surface (issue 44 item 3; docs/product.md § Around the practice):
-- a published program shows its creator's display name like a post or a published pattern
-- (public.member_display_name: the display name, else 'Pneuma member'), never 'Member '
-- and a piece of the account id; and a changed display name reaches the programs already
-- published, without moving them in the 'newest' order (as for patterns).

create or replace function public.marketplace_stamp_program() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.creator_name := public.member_display_name(new.creator_id);
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
    new.source_program_id := old.source_program_id;
  end if;
  return new;
end
$$;
revoke all on function public.marketplace_stamp_program() from public;

create or replace function public.member_renamed() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if (old.raw_user_meta_data ->> 'display_name') is distinct from (new.raw_user_meta_data ->> 'display_name') then
    perform set_config('pneuma.renaming_member', 'on', true);
    update public.marketplace_patterns set creator_name = creator_name where creator_id = new.id;
    update public.marketplace_programs set creator_name = creator_name where creator_id = new.id;
    perform set_config('pneuma.renaming_member', 'off', true);
  end if;
  return null;
end
$$;
revoke all on function public.member_renamed() from public;

-- Programs published before this migration: the creator's name as it is now (the stamp
-- sets it; the renaming flag keeps their dates).
select set_config('pneuma.renaming_member', 'on', false);
update public.marketplace_programs set creator_name = creator_name;
select set_config('pneuma.renaming_member', 'off', false);
