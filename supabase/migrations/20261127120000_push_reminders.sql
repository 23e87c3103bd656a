-- Practice reminders by Web Push (docs/product.md § Reminders, server/README.md § Push).
-- One row per device (its push endpoint): the owner, the sign-in session it was made under,
-- the browser's encryption keys, the device's time zone and reminders, and the next instant
-- one is due (the scheduler sends when next_at has passed, then moves it on). In
-- pneuma_private: no client role reads or writes it; /api/push does, for the caller only.
create table if not exists pneuma_private.push_subscriptions (
  endpoint text primary key check (length(endpoint) <= 2048),
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid,
  p256dh text not null check (length(p256dh) <= 200),
  auth text not null check (length(auth) <= 100),
  time_zone text not null check (length(time_zone) <= 64),
  reminders jsonb not null default '[]'::jsonb,
  next_at timestamptz,
  last_sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists push_subscriptions_user_idx on pneuma_private.push_subscriptions (user_id);
create index if not exists push_subscriptions_due_idx on pneuma_private.push_subscriptions (next_at) where next_at is not null;
revoke all on table pneuma_private.push_subscriptions from public;

-- Signing out (or any end of the sign-in session: password change, "sign out everywhere")
-- removes the subscriptions made under that session, so a signed-out device gets nothing.
create or replace function pneuma_private.push_forget_ended_session() returns trigger
language plpgsql as $$
begin
  if new.revoked_at is not null and old.revoked_at is null then
    delete from pneuma_private.push_subscriptions where session_id = new.id;
  end if;
  return new;
end;
$$;
drop trigger if exists push_forget_ended_session on auth.sessions;
create trigger push_forget_ended_session after update of revoked_at on auth.sessions
  for each row execute function pneuma_private.push_forget_ended_session();
