// @vitest-environment happy-dom
// Modules of its own (unit-isolated): sharing them with the files before it, its submitted requests went
// unanswered in some orders of the suite (not reproduced alone); see ARCHITECTURE.md on the two unit projects.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SignedInUser } from '@/lib/auth/guards';
import type { Role } from '@/lib/auth/roles';
import { SIGNED_OUT, sessionStore } from '@/lib/auth/session';
import { installFakeApi, unreachable, type FakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { placeholderProfile, type UserDetail } from '../model/user-detail';
import { userKeys, type UserListFilters } from '../api/queries';
import type { UserList } from '../api/mutations';
import { UserAccountActions } from './UserAccountActions';

const ADMIN_ID = '5f0c1c1e-9999-4222-8333-444455556666';
/** A busy machine may take more than waitFor's second between a click and the request it sends. */
const SLOW = { timeout: 10_000 };
const PRIYA_ID = '5f0c1c1e-2222-4222-8333-444455556666';

function detailOf(id: string, first: string, last: string, role: Role): UserDetail {
  const email = `${first.toLowerCase()}@thrive.test`;
  return {
    Username: id,
    Enabled: true,
    UserStatus: 'CONFIRMED',
    Profile: { ...placeholderProfile(id, email), first_name: first, last_name: last, role },
    UserAttributes: [{ Name: 'email', Value: email }],
  };
}

const PRIYA = detailOf(PRIYA_ID, 'Priya', 'Sharma', 'CLIENT');
const ADMIN: SignedInUser = { username: ADMIN_ID, role: 'ADMIN', email: 'admin@thrive.test' };
let api: FakeApi;

beforeEach(() => {
  api = installFakeApi({
    'DELETE /users/users/{id}': () => undefined,
    'PATCH /users/users/{id}': ({ body }) => ({ ...PRIYA, Enabled: body.enabled }),
  });
  sessionStore.set({ authenticated: true, role: 'ADMIN', username: ADMIN_ID, email: 'admin@thrive.test' });
});

afterEach(() => sessionStore.set(SIGNED_OUT));

describe('UserAccountActions', () => {
  it('asks before deleting, naming the user and what goes with them; then deletes and updates the list', async () => {
    const user = userEvent.setup();
    const { queryClient } = await renderWithProviders(<UserAccountActions detail={PRIYA} signedIn={ADMIN} />);
    const filters: UserListFilters = {};
    const list: UserList = {
      results: [
        {
          id: PRIYA_ID,
          email: 'priya@thrive.test',
          first_name: 'Priya',
          last_name: 'Sharma',
          role: 'CLIENT',
          status: 'active',
          created_at: '2026-04-01T09:00:00.000Z',
        },
      ],
      count: 1,
      page: 1,
      page_size: 50,
    };
    queryClient.setQueryData(userKeys.list(filters), list);

    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Priya Sharma?' });
    expect(dialog.textContent).toContain(
      "This removes Priya Sharma's account, profile and program enrollments. They can no longer sign in.",
    );
    expect(api.calls).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(api.calls).toHaveLength(1), SLOW);
    expect(api.callsTo('DELETE /users/users/{id}')[0]?.params).toEqual({ id: PRIYA_ID });
    // The list no longer shows her, without waiting for a refetch.
    await waitFor(() => expect(queryClient.getQueryData<UserList>(userKeys.list(filters))?.results).toEqual([]), SLOW);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<UserAccountActions detail={PRIYA} signedIn={ADMIN} />);
    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Priya Sharma?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(api.calls).toEqual([]);
  });

  it("refuses one's own account: both actions disabled, and why", async () => {
    await renderWithProviders(
      <UserAccountActions detail={detailOf(ADMIN_ID, 'Arjun', 'Mehta', 'ADMIN')} signedIn={ADMIN} />,
    );
    const reason = screen.getByText('You cannot disable or delete your own account.');
    for (const name of ['Delete user', 'Disable account']) {
      const button = screen.getByRole<HTMLButtonElement>('button', { name });
      expect(button.disabled).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    }
  });

  it('disables an account after confirming, and shows it disabled', async () => {
    const user = userEvent.setup();
    const { queryClient } = await renderWithProviders(<UserAccountActions detail={PRIYA} signedIn={ADMIN} />);
    await user.click(screen.getByRole('button', { name: 'Disable account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Priya Sharma?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    await waitFor(() => expect(api.calls).toHaveLength(1), SLOW);
    expect(api.callsTo('PATCH /users/users/{id}')[0]).toMatchObject({
      params: { id: PRIYA_ID },
      body: { enabled: false },
    });
    await waitFor(
      () => expect(queryClient.getQueryData<UserDetail>(userKeys.detail(PRIYA_ID))?.Enabled).toBe(false),
      SLOW,
    );
  });

  it('keeps the dialog open and says the network is needed when the server cannot be reached', async () => {
    api.on('DELETE /users/users/{id}', unreachable);
    const user = userEvent.setup();
    await renderWithProviders(<UserAccountActions detail={PRIYA} signedIn={ADMIN} />);
    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Priya Sharma?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Deleting a user needs the network.');
  });
});
