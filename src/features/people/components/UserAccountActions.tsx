import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMatchRoute, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import type { SignedInUser } from '@/lib/auth/guards';
import type { UserDetail } from '../model/user-detail';
import { forgetUser } from '../api/mutations';
import { accountOfDetail, refusalOf } from '../model/account';
import { useAccountActions } from './AccountActionDialog';
import { UserStatusBadge } from './UserStatusBadge';

/**
 * One user's account: its status, Disable or Enable, Delete, and Reset password (or Resend invitation,
 * for an account that never signed in, whose temporary password the server e-mails), each
 * confirmed naming the user. One's own account, and (for ADMIN) a super
 * admin's, cannot be changed here: the buttons say why, and the server refuses anyway.
 * After a delete, the user's page is left for the list.
 */
export function UserAccountActions({ detail, signedIn }: { detail: UserDetail; signedIn: SignedInUser }) {
  const account = accountOfDetail(detail);
  // Still waiting for its first sign-in: its temporary password may never have arrived.
  const neverSignedIn = detail.UserStatus === 'FORCE_CHANGE_PASSWORD';
  const refusal = refusalOf(signedIn, account);
  const reasonId = useId();
  const navigate = useNavigate();
  const matchRoute = useMatchRoute();
  const queryClient = useQueryClient();
  const { ask, dialog } = useAccountActions({
    onDeleted: async (deleted) => {
      if (matchRoute({ to: '/users/$username', params: { username: deleted.id } })) {
        await navigate({ to: '/users' });
      }
      forgetUser(queryClient, deleted.id);
    },
  });
  const describedBy = refusal ? reasonId : undefined;

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Account
        </Text>
        <UserStatusBadge enabled={account.enabled} />
      </Group>
      <Group gap="sm">
        <Button
          variant="light"
          color={account.enabled ? 'orange' : 'thrive'}
          disabled={refusal !== null}
          aria-describedby={describedBy}
          onClick={() => ask(account.enabled ? 'disable' : 'enable', account)}
        >
          {account.enabled ? 'Disable account' : 'Enable account'}
        </Button>
        <Button
          variant="light"
          color="red"
          disabled={refusal !== null}
          aria-describedby={describedBy}
          onClick={() => ask('delete', account)}
        >
          Delete user
        </Button>
      </Group>
      <Group gap="sm">
        {neverSignedIn ? (
          <Button
            variant="default"
            disabled={refusal !== null}
            aria-describedby={describedBy}
            onClick={() => ask('resend-invitation', account)}
          >
            Resend invitation
          </Button>
        ) : (
          <Button
            variant="default"
            disabled={refusal !== null || !account.enabled}
            aria-describedby={describedBy}
            onClick={() => ask('reset-password', account)}
          >
            Reset password
          </Button>
        )}
      </Group>
      {refusal && (
        <Text id={reasonId} size="sm" c="dimmed">
          {refusal}
        </Text>
      )}
      {dialog}
    </Stack>
  );
}
