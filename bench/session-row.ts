/** A finished session as the app's outbox uploads it, with the client-made id given. */
export function benchSession(id: string) {
  const end = Date.now();
  return {
    id,
    pattern_id: 'box',
    pattern_name: 'Box Breathing',
    session_duration: 240,
    cycle_count: 15,
    breath_hold_time: 4,
    restlessness_score: 20,
    start_time: new Date(end - 240_000).toISOString(),
    end_time: new Date(end).toISOString(),
  };
}
