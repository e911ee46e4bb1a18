import * as v from 'valibot';
import { ROLES, type Role } from '@/lib/auth/roles';
import type { UserListFilters } from '../api/queries';
import { formatNumber } from '@/lib/intl';

export type UserOrdering = NonNullable<UserListFilters['ordering']>;

/** The contract's orderings of `GET users/users`, as the sort menu names them. */
export const ORDERING_LABELS: Readonly<Record<UserOrdering, string>> = {
  name: 'Name (A–Z)',
  '-name': 'Name (Z–A)',
  email: 'E-mail (A–Z)',
  '-email': 'E-mail (Z–A)',
  role: 'Role (A–Z)',
  '-role': 'Role (Z–A)',
  '-created_at': 'Newest first',
  created_at: 'Oldest first',
};

export const USER_ORDERINGS = Object.keys(ORDERING_LABELS) as UserOrdering[];

/** The API's own default ordering; the URL leaves it out. */
export const DEFAULT_ORDERING: UserOrdering = 'name';

/** The contract's limits on `search` and `page`. */
export const SEARCH_MAX_LENGTH = 100;

/** The search a box's text asks for: trimmed, and no longer than the API takes. */
export function searchOfText(text: string): string {
  return text.trim().slice(0, SEARCH_MAX_LENGTH);
}
export const MAX_PAGE = 100_000;

/**
 * What `/users` shows: role, sort and page, kept in its URL (every key is
 * optional: a plain `/users` is the first page of everyone by name), and the
 * search text, kept in memory only (search-text.ts): it names people, and an
 * address stays in the browser's history, on disk, after sign-out too.
 */
export interface UserListSearch {
  search?: string;
  role?: Role;
  ordering?: UserOrdering;
  page?: number;
}

/** The part of a UserListSearch that goes in the URL. */
export type UserListUrlSearch = Omit<UserListSearch, 'search'>;

/*
 * Each parameter is read on its own, and one that is not valid is dropped
 * rather than failing the page: a hand-edited or old link still opens the
 * list. The router parses query values as JSON, so a page may arrive as a
 * string. Search text in an old link is not read: it leaves the address.
 */

const RoleFilter = v.fallback(v.optional(v.picklist(ROLES)), undefined);

const Ordering = v.fallback(
  v.optional(
    v.pipe(
      v.picklist(USER_ORDERINGS),
      v.transform((value) => (value === DEFAULT_ORDERING ? undefined : value)),
    ),
  ),
  undefined,
);

const Page = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]),
      v.integer(),
      v.minValue(1),
      v.maxValue(MAX_PAGE),
      v.transform((value) => (value === 1 ? undefined : value)),
    ),
  ),
  undefined,
);

const UserListSearchSchema = v.object({ role: RoleFilter, ordering: Ordering, page: Page });

/** The route's `validateSearch`: the URL's query, cleaned to what the list understands (never search text). */
export function parseUserListSearch(input: Record<string, unknown>): UserListUrlSearch {
  const parsed = v.parse(UserListSearchSchema, input);
  const search: UserListUrlSearch = {};
  if (parsed.role !== undefined) search.role = parsed.role;
  if (parsed.ordering !== undefined) search.ordering = parsed.ordering;
  if (parsed.page !== undefined) search.page = parsed.page;
  return search;
}

/**
 * The user list's query for what the page shows. Defaults are left out,
 * so the first page of everyone shares its cache entry (and the saved offline
 * copy) with the list prefetched at sign-in.
 */
export function listFiltersOf(search: UserListSearch): UserListFilters {
  const filters: UserListFilters = {};
  if (search.search !== undefined) filters.search = search.search;
  if (search.role !== undefined) filters.role = search.role;
  if (search.ordering !== undefined && search.ordering !== DEFAULT_ORDERING) filters.ordering = search.ordering;
  if (search.page !== undefined && search.page > 1) filters.page = search.page;
  return filters;
}

export function hasFilters(search: UserListSearch): boolean {
  return search.search !== undefined || search.role !== undefined;
}

/** "51–100 of 10,000": which users this page shows. */
export function rangeLabel(page: number, pageSize: number, shown: number, count: number): string {
  if (shown === 0) return `0 of ${formatNumber(count)}`;
  const first = (page - 1) * pageSize + 1;
  return `${formatNumber(first)}–${formatNumber(first + shown - 1)} of ${formatNumber(count)}`;
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
