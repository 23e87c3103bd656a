-- Pattern tokens on Flow (docs/product.md § Wallets and tokens): a creator mints a pattern
-- they published in the marketplace as a BreathingPatternNFT token.
--
-- pattern_tokens: one row per mint. The server writes it when the creator asks to mint
-- (status 'requested', with the metadata the transaction carries), then records the
-- sealed transaction the client reports ('sealed': the creator's word) or, when the
-- server can read the configured Flow access API, the transaction it checked itself
-- ('verified'), or the failure ('failed').
--
-- Access: everyone (guests too) reads sealed and verified tokens, so the marketplace
-- shows a pattern's token id and owner; the creator also reads their own requests. Only
-- the pattern's creator inserts, and only for a live pattern of their own; they update
-- only their own rows' outcome columns. 'verified' is written only with the transaction
-- id the server has just checked (the transaction-local setting pneuma.flow_verified_tx,
-- which a /rest/v1 client cannot set). A final row (verified, failed) never changes.
create table if not exists public.pattern_tokens (
  id uuid primary key default gen_random_uuid(),
  pattern_id uuid not null references public.marketplace_patterns (id) on delete cascade,
  creator_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  network text not null check (network in ('testnet', 'mainnet', 'emulator')),
  recipient text not null check (recipient ~ '^0x[0-9a-f]{16}$'),
  copies smallint not null default 1 check (copies between 1 and 10),
  metadata jsonb not null check (jsonb_typeof(metadata) = 'object' and octet_length(metadata::text) <= 8000),
  status text not null default 'requested' check (status in ('requested', 'sealed', 'verified', 'failed')),
  tx_id text check (tx_id ~ '^[0-9a-f]{64}$'),
  token_ids text[] not null default '{}'
    check (cardinality(token_ids) <= 10 and array_to_string(token_ids, ',') ~ '^([0-9]{1,20}(,[0-9]{1,20})*)?$'),
  owner_address text check (owner_address ~ '^0x[0-9a-f]{16}$'),
  error text check (char_length(error) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (network, tx_id),
  check (status not in ('sealed', 'verified') or (tx_id is not null and cardinality(token_ids) > 0))
);
create index if not exists pattern_tokens_pattern_idx on public.pattern_tokens (pattern_id, updated_at desc);
create index if not exists pattern_tokens_creator_idx on public.pattern_tokens (creator_id, created_at desc);

create or replace function public.pattern_tokens_guard() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'requested' then
      raise exception 'A mint starts as requested' using errcode = '42501';
    end if;
    new.created_at := now();
  else
    if old.status in ('verified', 'failed') then
      raise exception 'This mint is final' using errcode = '42501';
    end if;
    if old.status = 'sealed' and new.status not in ('sealed', 'verified') then
      raise exception 'A sealed mint can only be verified' using errcode = '42501';
    end if;
    if old.status = 'sealed' and new.tx_id is distinct from old.tx_id then
      raise exception 'A sealed mint keeps its transaction' using errcode = '42501';
    end if;
  end if;
  if new.status = 'verified'
     and new.tx_id is distinct from nullif(current_setting('pneuma.flow_verified_tx', true), '') then
    raise exception 'Only the server marks a mint verified, after reading the transaction on Flow'
      using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end;
$$;

drop trigger if exists pattern_tokens_guard on public.pattern_tokens;
create trigger pattern_tokens_guard before insert or update on public.pattern_tokens
  for each row execute function public.pattern_tokens_guard();

alter table public.pattern_tokens enable row level security;

revoke all on table public.pattern_tokens from anon, authenticated;
grant select on table public.pattern_tokens to anon, authenticated;
grant insert (pattern_id, network, recipient, copies, metadata) on table public.pattern_tokens to authenticated;
grant update (status, tx_id, token_ids, owner_address, error) on table public.pattern_tokens to authenticated;
grant all on table public.pattern_tokens to service_role;

create policy pattern_tokens_read on public.pattern_tokens
  for select to anon, authenticated
  using (status in ('sealed', 'verified') or creator_id = auth.uid());
create policy pattern_tokens_insert_own on public.pattern_tokens
  for insert to authenticated
  with check (
    creator_id = auth.uid()
    and exists (
      select 1 from public.marketplace_patterns p
      where p.id = pattern_id and p.creator_id = auth.uid() and p.unpublished_at is null
    )
  );
create policy pattern_tokens_update_own on public.pattern_tokens
  for update to authenticated
  using (creator_id = auth.uid())
  with check (creator_id = auth.uid());
