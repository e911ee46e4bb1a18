/** What the API is built from; createApp takes it whole so tests can swap any part. */
import type { AccessTokenVerifier } from '../auth/access-token.ts';
import type { Database } from '../db/database.ts';
import type { RateLimits, RateLimitStore } from './rate-limit.ts';
import type { IdentityAdmin } from '../identity/identity-admin.ts';
import type { Readiness } from '../core/readiness.ts';
import type { ReportFiles } from '../results/report-files.ts';

export interface AppDependencies {
  db: Database;
  identityAdmin: IdentityAdmin;
  verifyAccessToken: AccessTokenVerifier;
  /** Where the lab's original reports (PDFs) are kept, encrypted: the database or S3 (config.ts). */
  reportFiles: ReportFiles;
  /** Check every response against the contract too (tests and development). */
  validateResponses?: boolean;
  /** The clock consent dates are checked against. */
  now?: () => Date;
  /** Per-actor limits on lists, searches and writes; DEFAULT_RATE_LIMITS when not given. */
  rateLimits?: RateLimits;
  /** Where rate-limit buckets live: this process's memory unless given (the database, shared by several). */
  rateLimitStore?: RateLimitStore;
  /** Which proxies' X-Forwarded-For to believe (Express's `trust proxy`); by default only one on this machine. */
  trustProxy?: string;
  /** Whether the process serves (schema at head, not stopping); by default, whenever the database answers. */
  readiness?: Readiness;
  /** How long refusals alike are counted into one audit record (core/refusals.ts); 0 writes each on its own. */
  refusalTallyMs?: number;
}
