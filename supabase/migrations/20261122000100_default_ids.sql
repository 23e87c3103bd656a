-- A plain insert of the minimal session shape ({user_id, breath_hold_time,
-- restlessness_score, session_duration, pattern_name}) sends no id: give one. Clients that
-- sync offline sessions still send their own id, which stays the idempotency key.
alter table public.sessions alter column id set default gen_random_uuid();
alter table public.patterns alter column id set default gen_random_uuid();
