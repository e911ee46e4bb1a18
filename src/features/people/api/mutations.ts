import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, dataOf } from '@/lib/api';
import type { Account } from '../model/account';
import type { UserCreate } from '../schemas';
import { userKeys } from './queries';

export type UserList = components['schemas']['UserList'];
export type UserSummary = components['schemas']['UserSummary'];

/** The lists and the counts show every account: what a create, disable, enable or delete moves. */
function refreshListsAndCounts(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: userKeys.roleCounts() });
}

/** Changes one user in every cached page of the list, so the change shows before the refetch. */
function updateCachedLists(queryClient: QueryClient, change: (list: UserList) => UserList): void {
  queryClient.setQueriesData<UserList>({ queryKey: userKeys.lists() }, (list) => (list ? change(list) : list));
}

/*
 * Account changes fail at once when the device is offline instead of waiting
 * for the network (TanStack's default): an account created or deleted later,
 * with nobody watching, would surprise. The screens say that they need the network.
 */

/** `POST users/users`: the identity account with a temporary password and the profile, as one operation. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UserCreate) => dataOf(await api().POST('/users/users', { body })),
    networkMode: 'always',
    onSuccess: () => refreshListsAndCounts(queryClient),
  });
}

/** `PATCH users/users/{id}` with `{ enabled }`: disables an account (no sign-in) or enables it again. */
export function useSetUserEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ account, enabled }: { account: Account; enabled: boolean }) =>
      dataOf(await api().PATCH('/users/users/{id}', { params: { path: { id: account.id } }, body: { enabled } })),
    networkMode: 'always',
    onSuccess: (detail, { account, enabled }) => {
      queryClient.setQueryData(userKeys.detail(account.id), detail);
      const status: UserSummary['status'] = enabled ? 'active' : 'disabled';
      updateCachedLists(queryClient, (list) => ({
        ...list,
        results: list.results.map((user) => (user.id === account.id ? { ...user, status } : user)),
      }));
      refreshListsAndCounts(queryClient);
    },
  });
}

/** `DELETE users/users/{id}`: the account, its profile and its enrollments. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (account: Account) => {
      await api().DELETE('/users/users/{id}', { params: { path: { id: account.id } } });
    },
    networkMode: 'always',
    onSuccess: (_nothing, account) => {
      updateCachedLists(queryClient, (list) => {
        const results = list.results.filter((user) => user.id !== account.id);
        return { ...list, results, count: list.count - (list.results.length - results.length) };
      });
      refreshListsAndCounts(queryClient);
    },
  });
}

/**
 * `POST users/users/{id}/password-reset` or `…/invitation`: a new temporary password, which the server
 * e-mails to the person and never shows here. Nothing cached changes; the account's status does.
 */
export function useSendTemporaryPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ account, invitation }: { account: Account; invitation: boolean }) => {
      const params = { params: { path: { id: account.id } } };
      return dataOf(
        invitation
          ? await api().POST('/users/users/{id}/invitation', params)
          : await api().POST('/users/users/{id}/password-reset', params),
      );
    },
    networkMode: 'always',
    onSuccess: (_message, { account }) => void queryClient.invalidateQueries({ queryKey: userKeys.detail(account.id) }),
  });
}

/**
 * Drops a deleted user's detail from the cache (and so from the device's
 * saved copy). Called once no screen shows that user any more: a screen still
 * reading it would ask the API again and get a 404.
 */
export function forgetUser(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: userKeys.detail(id), exact: true });
}
