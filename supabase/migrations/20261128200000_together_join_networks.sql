-- Breathe together (issue #42, item 6): joins are capped per client address (50 in one
-- session) and now also per network (the address's IPv4 /24 or IPv6 /48), so a few dozen
-- neighbouring addresses of one person cannot fill a shared session to its 1,000 and leave
-- a real guest uncounted. Like `address`, `network` is an HMAC under the server's JWT secret
-- (server/together/handlers.ts), never the network itself. Rows joined before this have none
-- and count towards the address cap only.
alter table public.together_joins add column if not exists network text check (network ~ '^[0-9a-f]{64}$');
create index if not exists together_joins_network_idx on public.together_joins (session_id, network);
