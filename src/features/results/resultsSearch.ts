interface ResultsSearch {
  id?: string;
}

/** ?id=<sessionId>: the session is read back from the local database, so a reload works. */
export function parseResultsSearch(search: Record<string, unknown>): ResultsSearch {
  return typeof search.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(search.id)
    ? { id: search.id }
    : {};
}
