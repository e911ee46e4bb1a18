-- Discovery lists the clients whose name begins with the search text first (openapi/client-search.ts). Indexes
-- on the name keys' prefixes find those few among thousands; the rest of the matches are read along the name
-- index (migration 012) until a page is full.
CREATE INDEX users_last_name_prefix_idx ON users (last_name_key text_pattern_ops);
CREATE INDEX users_first_name_prefix_idx ON users (first_name_key text_pattern_ops);
