import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { useDeleteUser, useSendTemporaryPassword, useSetUserEnabled } from '../api/mutations';
import type { Account } from '../model/account';
import { accountChangeErrorMessage, isOfflineFailure, needsNetworkMessage, type ChangeName } from '../model/errors';
import { useOnline } from '@/pwa/connection';

export type AccountAction = 'disable' | 'enable' | 'delete' | 'reset-password' | 'resend-invitation';

const CHANGE_NAMES: Readonly<Record<AccountAction, ChangeName>> = {
  disable: 'Disabling an account',
  enable: 'Enabling an account',
  delete: 'Deleting a user',
  'reset-password': 'Resetting a password',
  'resend-invitation': 'Sending an invitation',
};

interface DialogText {
  title: string;
  body: string;
  confirm: string;
  color: string;
}

/** What each action asks, naming the person and what it does. */
export function dialogText(action: AccountAction, account: Pick<Account, 'name'>): DialogText {
  switch (action) {
    case 'delete':
      return {
        title: `Delete ${account.name}?`,
        body: `This removes ${account.name}'s account, profile and program enrollments. They can no longer sign in. This cannot be undone.`,
        confirm: 'Delete user',
        color: 'red',
      };
    case 'disable':
      return {
        title: `Disable ${account.name}?`,
        body: `${account.name} can no longer sign in, and a session they have open stops working. Their profile and enrollments are kept, and you can enable the account again.`,
        confirm: 'Disable account',
        color: 'orange',
      };
    case 'enable':
      return {
        title: `Enable ${account.name}?`,
        body: `${account.name} can sign in again with their password.`,
        confirm: 'Enable account',
        color: 'thrive',
      };
    case 'reset-password':
      return {
        title: `Reset ${account.name}'s password?`,
        body: `Thrive e-mails ${account.name} a temporary password, which is never shown here; they choose a new one when they next sign in. Their old password and open sessions stop working.`,
        confirm: 'Reset password',
        color: 'orange',
      };
    case 'resend-invitation':
      return {
        title: `Send ${account.name} the invitation again?`,
        body: `Thrive e-mails ${account.name} a new temporary password to sign in with for the first time; the one sent before stops working.`,
        confirm: 'Resend invitation',
        color: 'thrive',
      };
  }
}

const DONE: Readonly<Record<AccountAction, (name: string) => string>> = {
  delete: (name) => `${name} was deleted.`,
  disable: (name) => `${name}'s account is disabled.`,
  enable: (name) => `${name}'s account is enabled again.`,
  'reset-password': (name) => `A temporary password is on its way to ${name}.`,
  'resend-invitation': (name) => `The invitation is on its way to ${name} again.`,
};

interface Request {
  action: AccountAction;
  account: Account;
}

/**
 * Disable, enable, delete, reset the password and resend the invitation, each confirmed in a dialog that names the
 * person. `ask` opens the dialog; render `dialog` once. `onDeleted` runs after
 * a delete succeeded (e.g. leave the deleted user's page).
 */
export function useAccountActions({ onDeleted }: { onDeleted?: (account: Account) => void | Promise<void> } = {}): {
  ask: (action: AccountAction, account: Account) => void;
  dialog: ReactNode;
} {
  // The last request stays while the dialog closes, so its text does not vanish mid-animation.
  const [request, setRequest] = useState<Request | null>(null);
  const [opened, setOpened] = useState(false);
  const [offlineAttempt, setOfflineAttempt] = useState(false);
  const online = useOnline();
  const setEnabled = useSetUserEnabled();
  const remove = useDeleteUser();
  const temporaryPassword = useSendTemporaryPassword();
  const pending = setEnabled.isPending || remove.isPending || temporaryPassword.isPending;

  const close = () => {
    if (pending) return;
    setOpened(false);
    setOfflineAttempt(false);
  };

  const fail = (action: AccountAction) => (error: unknown) => {
    if (isOfflineFailure(error)) {
      setOfflineAttempt(true);
      return;
    }
    setOpened(false);
    toastFailure(accountChangeErrorMessage(CHANGE_NAMES[action], error), 'Nothing was changed');
  };

  const confirm = () => {
    if (!request) return;
    const { action, account } = request;
    if (!online) {
      setOfflineAttempt(true);
      return;
    }
    setOfflineAttempt(false);
    const done = () => {
      setOpened(false);
      toastSuccess(DONE[action](account.name));
    };
    if (action === 'delete') {
      remove.mutate(account, {
        onSuccess: () => {
          done();
          void onDeleted?.(account);
        },
        onError: fail(action),
      });
    } else if (action === 'reset-password' || action === 'resend-invitation') {
      const invitation = action === 'resend-invitation';
      temporaryPassword.mutate({ account, invitation }, { onSuccess: done, onError: fail(action) });
    } else {
      setEnabled.mutate({ account, enabled: action === 'enable' }, { onSuccess: done, onError: fail(action) });
    }
  };

  const text = request ? dialogText(request.action, request.account) : null;
  const dialog = (
    <Modal opened={opened} onClose={close} title={text?.title} radius="lg">
      {request && text && (
        <Stack gap="md">
          <Text>{text.body}</Text>
          <Text size="sm" c="dimmed">
            {request.account.email}
          </Text>
          {offlineAttempt && (
            <Alert color="orange" variant="light" role="alert" title="You are offline">
              {needsNetworkMessage(CHANGE_NAMES[request.action])}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button color={text.color} onClick={confirm} loading={pending} disabled={pending}>
              {text.confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );

  // The same function at every render: a list's row menu passed it stays as it is.
  const ask = useCallback((action: AccountAction, account: Account) => {
    setRequest({ action, account });
    setOfflineAttempt(false);
    setOpened(true);
  }, []);
  return { ask, dialog };
}
