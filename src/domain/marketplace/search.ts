/** Longest search text of the marketplace (characters): the catalogue's query and a link into it. */
export const MARKETPLACE_QUERY_MAX = 80;
