-- Wallets (docs/product.md § Wallets and tokens): Sign-In with Ethereum (EIP-4361) links an
-- EVM address to an email account.
--
-- 1. Nonces the server issues for a SIWE message. Single-use and expiring; they live in
--    pneuma_private, which no client role can reach, so nobody can plant or reset a nonce.
create schema if not exists pneuma_private;
revoke all on schema pneuma_private from public;

create table if not exists pneuma_private.siwe_nonces (
  nonce text primary key check (nonce ~ '^[A-Za-z0-9]{8,64}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index if not exists siwe_nonces_user_idx on pneuma_private.siwe_nonces (user_id);
create index if not exists siwe_nonces_expires_idx on pneuma_private.siwe_nonces (expires_at);

-- 2. users.wallet_address is written by the caller's own transaction (row-level security:
--    only their own row), but only with the address the server has just verified. The
--    server states that address in the transaction-local setting pneuma.siwe_address; a
--    client writing through /rest/v1 cannot set it, so it can clear its address but never
--    claim one it has not signed for.
create or replace function public.users_wallet_guard() returns trigger
language plpgsql as $$
begin
  if new.wallet_address is not null
     and (tg_op = 'INSERT' or new.wallet_address is distinct from old.wallet_address)
     and new.wallet_address is distinct from nullif(current_setting('pneuma.siwe_address', true), '') then
    raise exception 'A wallet address is linked only through Sign-In with Ethereum'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

drop trigger if exists users_wallet_guard on public.users;
create trigger users_wallet_guard before insert or update on public.users
  for each row execute function public.users_wallet_guard();

-- Supported chains: Ethereum Mainnet, Polygon, Arbitrum One (hex chain ids).
alter table public.users drop constraint if exists users_preferred_chain_supported;
alter table public.users add constraint users_preferred_chain_supported
  check (preferred_chain is null or preferred_chain in ('0x1', '0x89', '0xa4b1'));
alter table public.users drop constraint if exists users_wallet_address_format;
alter table public.users add constraint users_wallet_address_format
  check (wallet_address is null or wallet_address ~ '^0x[0-9a-fA-F]{40}$');
