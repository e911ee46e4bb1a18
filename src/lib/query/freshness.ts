/** How long data a user just saw stays fresh, so moving between screens does not refetch everything. */
export const FRESH_MS = 30_000;
