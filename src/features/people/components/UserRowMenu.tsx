import { ActionIcon, Menu, usePopoverContext } from '@mantine/core';
import { IconDots, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import {
  createContext,
  memo,
  use,
  useId,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { SignedInUser } from '@/lib/auth/guards';
import { refusalOf, type Account } from '../model/account';
import type { AccountAction } from './AccountActionDialog';

/*
 * Every row has a ⋯ button; the list has one menu, which opens under the
 * button pressed. A Mantine Menu per row cost a slow tablet about 5 ms a row
 * to render and position while closed (50 rows: a quarter of a second before
 * the page's first rows showed); one for the list costs that once.
 */

interface RowMenuState {
  /** The account whose menu is open, or was last: kept while the menu fades out. */
  account: Account | null;
  /** The ⋯ button the menu opens under. */
  anchor: HTMLElement | null;
  opened: boolean;
}

/** The open menu's state, outside React state so that opening it re-renders two buttons, not every row. */
function createRowMenuStore(menuId: string) {
  let state: RowMenuState = { account: null, anchor: null, opened: false };
  const listeners = new Set<() => void>();
  return {
    menuId,
    get: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set: (next: RowMenuState) => {
      state = next;
      listeners.forEach((listener) => listener());
    },
  };
}

type RowMenuStore = ReturnType<typeof createRowMenuStore>;

const RowMenuContext = createContext<RowMenuStore | null>(null);

/** Points the list's menu at the pressed button (before it positions itself; a child's layout effect runs first). */
function MenuAnchor({ element }: { element: HTMLElement | null }) {
  const { reference } = usePopoverContext();
  useLayoutEffect(() => {
    if (element) reference(element);
  }, [element, reference]);
  return null;
}

/**
 * The list's row menu: Disable or Enable, and Delete, for the row whose ⋯
 * was pressed. Actions this admin may not take on that account are shown
 * disabled, under a line saying why.
 */
export function UserRowMenus({
  signedIn,
  onAction,
  children,
}: {
  signedIn: Pick<SignedInUser, 'username' | 'role'>;
  onAction: (action: AccountAction, account: Account) => void;
  children: ReactNode;
}) {
  const menuId = useId();
  const [store] = useState(() => createRowMenuStore(menuId));
  return (
    <RowMenuContext value={store}>
      {children}
      <RowMenu store={store} signedIn={signedIn} onAction={onAction} />
    </RowMenuContext>
  );
}

/** The menu itself. Memoised: the rows around it render again at every key typed in the search box; it need not. */
const RowMenu = memo(function RowMenu({
  store,
  signedIn,
  onAction,
}: {
  store: RowMenuStore;
  signedIn: Pick<SignedInUser, 'username' | 'role'>;
  onAction: (action: AccountAction, account: Account) => void;
}) {
  const { account, anchor, opened } = useSyncExternalStore(store.subscribe, store.get);
  const refusal = account ? refusalOf(signedIn, account) : null;
  return (
    <Menu
      id={store.menuId}
      opened={opened}
      onChange={(next) => store.set({ ...store.get(), opened: next })}
      position="bottom-end"
      withinPortal
      shadow="md"
      width={240}
    >
      <MenuAnchor element={anchor} />
      <Menu.Dropdown>
        {account && (
          <>
            {refusal && <Menu.Label style={{ whiteSpace: 'normal' }}>{refusal}</Menu.Label>}
            <Menu.Item
              leftSection={
                account.enabled ? <IconUserOff size={16} aria-hidden /> : <IconUserCheck size={16} aria-hidden />
              }
              disabled={refusal !== null}
              onClick={() => onAction(account.enabled ? 'disable' : 'enable', account)}
            >
              {account.enabled ? 'Disable account' : 'Enable account'}
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={refusal !== null}
              onClick={() => onAction('delete', account)}
            >
              Delete user
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
});

/** A row's ⋯ button: opens the list's menu for this account, or closes it. */
export function UserRowMenuButton({ account }: { account: Account }) {
  const store = use(RowMenuContext);
  if (!store) throw new Error('UserRowMenuButton belongs inside UserRowMenus');
  const expanded = useSyncExternalStore(store.subscribe, () => {
    const state = store.get();
    return state.opened && state.account?.id === account.id;
  });
  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    store.set(expanded ? { ...store.get(), opened: false } : { account, anchor: event.currentTarget, opened: true });
  };
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Actions for ${account.name}`}
      aria-haspopup="menu"
      aria-expanded={expanded}
      aria-controls={expanded ? `${store.menuId}-dropdown` : undefined}
      id={expanded ? store.menuId : undefined}
      data-expanded={expanded || undefined}
      onClick={toggle}
    >
      <IconDots size={20} aria-hidden />
    </ActionIcon>
  );
}
