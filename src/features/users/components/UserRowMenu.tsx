import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { refusalOf, type Account, type Actor } from '../model/account';
import type { AccountAction } from './AccountActionDialog';

/**
 * A row's ⋯ menu: Disable or Enable, and Delete. Actions this admin may not
 * take on this account are shown disabled, under a line saying why.
 */
export function UserRowMenu({
  account,
  actor,
  onAction,
}: {
  account: Account;
  actor: Actor;
  onAction: (action: AccountAction, account: Account) => void;
}) {
  const refusal = refusalOf(actor, account);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Actions for ${account.name}`}>
          <IconDots size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {refusal && <Menu.Label style={{ whiteSpace: 'normal' }}>{refusal}</Menu.Label>}
        {account.enabled ? (
          <Menu.Item
            leftSection={<IconUserOff size={16} aria-hidden />}
            disabled={refusal !== null}
            onClick={() => onAction('disable', account)}
          >
            Disable account
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconUserCheck size={16} aria-hidden />}
            disabled={refusal !== null}
            onClick={() => onAction('enable', account)}
          >
            Enable account
          </Menu.Item>
        )}
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          disabled={refusal !== null}
          onClick={() => onAction('delete', account)}
        >
          Delete user
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
