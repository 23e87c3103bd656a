-- vision_sessions: what the camera measured in one session, on the device
-- (docs/product.md § Vision). Aggregate numbers only: no column can hold a frame or an
-- image. One row per session that used the camera; the id is made by the client and is
-- the idempotency key of the upload. Owner-only by row-level security, like sessions; a
-- summary may only point at a session of the same owner.
create table if not exists public.vision_sessions (
  id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  session_id uuid not null references public.sessions (id) on delete cascade,
  frames_analysed integer not null check (frames_analysed between 1 and 1000000),
  average_stillness real not null check (average_stillness between 0 and 100),
  average_restlessness real not null check (average_restlessness between 0 and 100),
  face_detection_rate real check (face_detection_rate is null or face_detection_rate between 0 and 100),
  posture_score real check (posture_score is null or posture_score between 0 and 100),
  breaths_per_minute real check (breaths_per_minute is null or breaths_per_minute between 0 and 60),
  target_breaths_per_minute real check (target_breaths_per_minute is null or target_breaths_per_minute between 0 and 60),
  phase_accuracy real check (phase_accuracy is null or phase_accuracy between 0 and 100),
  rhythm_consistency real check (rhythm_consistency is null or rhythm_consistency between 0 and 100),
  average_processing_ms real check (average_processing_ms is null or average_processing_ms between 0 and 600000),
  created_at timestamptz not null default now()
);

create unique index if not exists vision_sessions_session_idx on public.vision_sessions (session_id);
create index if not exists vision_sessions_user_created_idx on public.vision_sessions (user_id, created_at desc);

alter table public.vision_sessions enable row level security;
revoke all on table public.vision_sessions from anon, authenticated;
grant select, insert, delete on table public.vision_sessions to authenticated;
grant all on table public.vision_sessions to service_role;

create policy vision_sessions_select_own on public.vision_sessions
  for select to authenticated using (user_id = auth.uid());
create policy vision_sessions_insert_own on public.vision_sessions
  for insert to authenticated with check (
    user_id = auth.uid()
    and exists (select 1 from public.sessions s where s.id = session_id and s.user_id = auth.uid())
  );
create policy vision_sessions_delete_own on public.vision_sessions
  for delete to authenticated using (user_id = auth.uid());
