/**
 * How long typing pauses before a search asks the server. Short: the whole way
 * from the last key to the results has 150 ms, and a superseded request is
 * cancelled anyway (search queries pass their abort signal); the pause only
 * folds a burst of keys (a paste, a held key) into one request.
 */
export const SEARCH_PAUSE_MS = 40;
