import { useEffect, useState } from 'react';
import { getSupabase } from '../../backend/supabaseClient';
import type { SessionRecord } from '../../data/db';
import { useNetworkStatus } from '../../app/network/useNetworkStatus';

/**
 * The account's sessions as the server has them (select where user_id is the
 * user, newest first), so progress also counts sessions practised on other devices.
 * Read-only: local rows stay the source for this device; offline this is simply empty.
 */
export interface ServerSessionRow {
  id: string;
  pattern_id: string | null;
  pattern_name: string | null;
  session_duration: number | null;
  cycle_count: number | null;
  target_cycles: number | null;
  breath_hold_time: number | null;
  restlessness_score: number | null;
  stillness_score: number | null;
  quality_score: number | null;
  session_type: string | null;
  camera_used: boolean | null;
  ai_used: boolean | null;
  start_time: string | null;
  end_time: string | null;
  completed: boolean | null;
  created_at: string;
}

const n = (v: number | null | undefined) =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

export function fromServerRow(r: ServerSessionRow, userId: string): SessionRecord {
  const created = Date.parse(r.created_at);
  const start = r.start_time ? Date.parse(r.start_time) : created;
  const end = r.end_time ? Date.parse(r.end_time) : start;
  const type =
    r.session_type === 'enhanced' || r.session_type === 'mobile' ? r.session_type : 'classic';
  return {
    id: r.id,
    userId,
    patternId: r.pattern_id ?? 'unknown',
    patternName: r.pattern_name?.trim() || 'Unknown pattern',
    sessionType: type,
    startTime: start,
    endTime: end,
    // 5 s when the duration is missing (docs/product.md § Results and scores).
    duration: n(r.session_duration) ?? 5,
    cycleCount: n(r.cycle_count) ?? 0,
    targetCycles: n(r.target_cycles) ?? 0,
    completed: r.completed ?? true,
    breathHoldTime: n(r.breath_hold_time),
    restlessnessScore: n(r.restlessness_score),
    stillnessScore: n(r.stillness_score),
    qualityScore: n(r.quality_score),
    cameraUsed: Boolean(r.camera_used),
    aiUsed: Boolean(r.ai_used),
    createdAt: r.created_at,
    syncState: 'synced',
    attempts: 0,
  };
}

/** Local rows plus server rows this device does not hold (same id = same session), newest first. */
export function mergeHistory(
  local: readonly SessionRecord[],
  server: readonly SessionRecord[],
): SessionRecord[] {
  const ids = new Set(local.map((s) => s.id));
  return [...local, ...server.filter((s) => !ids.has(s.id))].sort((a, b) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
  );
}

/** Server sessions of the user; [] while loading, offline or on failure (local data still shows). */
export function useServerSessions(userId: string): SessionRecord[] {
  const online = useNetworkStatus().status !== 'offline';
  const [rows, setRows] = useState<SessionRecord[]>([]);
  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    void (async () => {
      try {
        const supabase = await getSupabase();
        const { data, error } = await supabase
          .from('sessions')
          .select('*')
          .eq('user_id', userId)
          .order('created_at', { ascending: false })
          .limit(1000);
        if (error || !data || cancelled) return;
        setRows(
          (data as ServerSessionRow[])
            .filter((r) => Number.isFinite(Date.parse(r.created_at)))
            .map((r) => fromServerRow(r, userId)),
        );
      } catch {
        // offline or the server is away: local history stands
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [userId, online]);
  return rows;
}
