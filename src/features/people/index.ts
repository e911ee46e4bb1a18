export { type AuditEvent, recentChangesQueryOptions, roleCountsQueryOptions } from './api/backoffice-queries';
export { forgetUser } from './api/mutations';
export { prefetchUserList } from './api/prefetch';
export { CLIENTS_ONLY, userDetailQueryOptions, userKeys, userListQueryOptions } from './api/queries';
export { useAccountActions } from './components/AccountActionDialog';
export { PersonClock } from './components/PersonClock';
export { ClientLink } from './components/ClientLink';
export { accountOfDetail } from './model/account';
export { CreateUserButton } from './components/CreateUserButton';
export { UserAccountActions } from './components/UserAccountActions';
export { UserCards, UserListSkeleton, UserTable } from './components/UserRows';
export { UserSearchField } from './components/UserSearchField';
export {
  DEFAULT_ORDERING,
  hasFilters,
  listFiltersOf,
  ORDERING_LABELS,
  pageCount,
  parseUserListSearch,
  rangeLabel,
  searchOfText,
  USER_ORDERINGS,
  type UserListSearch,
} from './model/user-list';
export { useUserSearchText } from './model/search-text';
export { fullName, placeholderProfile, profileOf, type ShownProfile, type UserDetail } from './model/user-detail';
export { clientAlertKeys, clientAlertsQueryOptions } from './api/alerts';
