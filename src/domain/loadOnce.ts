/**
 * A loader that runs `load` once and hands every caller the same promise; a failed load
 * (a chunk that could not be fetched offline, say) is forgotten, so the next call tries
 * again. Pure: it only composes promises.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
