-- course_progress gets one text key per user row (course id and day), so a pull can page
-- through rows that share one server stamp in a stable order (docs/product.md § Sync).
alter table public.course_progress
  add column if not exists progress_key text
  generated always as (course_id::text || ':' || lpad(day_index::text, 2, '0')) stored;
create index if not exists course_progress_user_key_idx on public.course_progress (user_id, updated_at, progress_key);
