-- Lens (docs/product.md § Wallets and tokens): a community post that was also published to
-- Lens keeps the Lens post's id, so the feed can say 'Also on Lens'. The author alone sets
-- it (row-level security: their own rows; lens_post_id is the only column the
-- authenticated role may update), and only once: a set id never changes.
alter table public.social_posts add column if not exists lens_post_id text;
alter table public.social_posts drop constraint if exists social_posts_lens_post_id_format;
alter table public.social_posts add constraint social_posts_lens_post_id_format
  check (lens_post_id is null or lens_post_id ~ '^[A-Za-z0-9][A-Za-z0-9:_.-]{0,199}$');

grant update (lens_post_id) on table public.social_posts to authenticated;

drop policy if exists social_posts_update_own on public.social_posts;
create policy social_posts_update_own on public.social_posts
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());

create or replace function public.social_posts_lens_once() returns trigger
language plpgsql as $$
begin
  if old.lens_post_id is not null and new.lens_post_id is distinct from old.lens_post_id then
    raise exception 'The Lens post of a community post is recorded once'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

drop trigger if exists social_posts_lens_once on public.social_posts;
create trigger social_posts_lens_once before update on public.social_posts
  for each row execute function public.social_posts_lens_once();
