-- Lookups that stay as cheap with a chain's hundred thousand clients and million appointments as with a demo's.

-- Who recorded or signed something (created_by, signed_by, released_by, author_id) is kept as the caller's
-- username, text that is not always a user's id, and lists join it to users by `users.id::text`. Without an
-- index on that text each such join read every user: planned as a hash of all of them, it made a client's list
-- of visits or assessments cost more the more clients Thrive has, and past PostgreSQL's JIT threshold (at about
-- 100,000 users) spend half a second compiling a query that reads a few rows.
CREATE INDEX users_id_text_idx ON users ((id::text));
-- The planner knows how selective an expression is only once it has statistics on it.
ANALYZE users;

-- The reminders' sender looks, every few seconds, for booked appointments starting soon; without this it read
-- the start times of every appointment in every clinic's past.
CREATE INDEX appointments_booked_start_idx ON appointments (starts_at) WHERE status = 'booked';
