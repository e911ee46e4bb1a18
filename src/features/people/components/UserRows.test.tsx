// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { UserSummary } from '../api/mutations';
import { UserCards, UserTable } from './UserRows';

const PRIYA: UserSummary = {
  id: '5f0c1c1e-2222-4222-8333-444455556666',
  email: 'client@thrive.test',
  first_name: 'Priya',
  last_name: 'Sharma',
  role: 'CLIENT',
  phone_number: '+15555550111',
  clinic: 'Thrive Bengaluru',
  status: 'active',
  created_at: '2026-04-01T09:00:00.000Z',
};
const ADMIN = { username: '5f0c1c1e-9999-4222-8333-444455556666', role: 'ADMIN' as const };

async function renderRow(user: UserSummary, signedIn = ADMIN, onAction = vi.fn()) {
  await renderWithProviders(<UserTable users={[user]} signedIn={signedIn} onAction={onAction} />);
  // The header row comes first.
  return { row: screen.getAllByRole('row')[1]!, onAction };
}

describe('UserTable', () => {
  it("shows name, e-mail, role and status; the name is a link to the user's page", async () => {
    const { row } = await renderRow(PRIYA);
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Priya Sharma',
      'client@thrive.test',
      'Client',
      'Active',
      '',
    ]);
    expect(within(row).getByRole('link', { name: 'Priya Sharma' }).getAttribute('href')).toBe(`/users/${PRIYA.id}`);
  });

  it('names a disabled account and one without a role or a name', async () => {
    const { row } = await renderRow({ ...PRIYA, first_name: '', last_name: '', role: null, status: 'disabled' });
    expect(within(row).getByRole('link', { name: 'client@thrive.test' })).toBeTruthy();
    expect(within(row).getByText('No role')).toBeTruthy();
    expect(within(row).getByText('Disabled')).toBeTruthy();
  });

  it("offers Disable and Delete from the row's menu, for that user", async () => {
    const user = userEvent.setup();
    const { row, onAction } = await renderRow(PRIYA);
    await user.click(within(row).getByRole('button', { name: 'Actions for Priya Sharma' }));
    expect(await screen.findByRole('menuitem', { name: 'Disable account' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Delete user' }));
    expect(onAction).toHaveBeenCalledWith('delete', expect.objectContaining({ id: PRIYA.id, name: 'Priya Sharma' }));
  });

  it('offers Enable for a disabled account', async () => {
    const user = userEvent.setup();
    const { row, onAction } = await renderRow({ ...PRIYA, status: 'disabled' });
    await user.click(within(row).getByRole('button', { name: 'Actions for Priya Sharma' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Enable account' }));
    expect(onAction).toHaveBeenCalledWith('enable', expect.objectContaining({ id: PRIYA.id, enabled: false }));
  });

  it("refuses the admin's own row, and says why", async () => {
    const user = userEvent.setup();
    const { row, onAction } = await renderRow(PRIYA, { username: PRIYA.id, role: 'ADMIN' });
    await user.click(within(row).getByRole('button', { name: 'Actions for Priya Sharma' }));
    expect(await screen.findByText('You cannot disable or delete your own account.')).toBeTruthy();
    const remove = screen.getByRole('menuitem', { name: 'Delete user' });
    expect(remove.hasAttribute('disabled') || remove.getAttribute('data-disabled') === 'true').toBe(true);
    await user.click(remove);
    expect(onAction).not.toHaveBeenCalled();
  });

  it("opens under the row pressed, for that row's user, and gives the focus back on Escape", async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const ARJUN = { ...PRIYA, id: '5f0c1c1e-3333-4222-8333-444455556666', first_name: 'Arjun', last_name: 'Mehta' };
    await renderWithProviders(
      <UserTable users={[PRIYA, { ...ARJUN, status: 'disabled' }]} signedIn={ADMIN} onAction={onAction} />,
    );
    const priya = screen.getByRole('button', { name: 'Actions for Priya Sharma' });
    const arjun = screen.getByRole('button', { name: 'Actions for Arjun Mehta' });
    expect(priya.getAttribute('aria-haspopup')).toBe('menu');
    expect(priya.getAttribute('aria-expanded')).toBe('false');

    await user.click(priya);
    const menu = await screen.findByRole('menu');
    expect(priya.getAttribute('aria-expanded')).toBe('true');
    expect(priya.getAttribute('aria-controls')).toBe(menu.id);
    expect(within(menu).getByRole('menuitem', { name: 'Disable account' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(priya.getAttribute('aria-expanded')).toBe('false');
    // The focus is back on Priya's button: Enter opens her menu again.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Disable account' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await user.click(arjun);
    await user.click(await screen.findByRole('menuitem', { name: 'Enable account' }));
    expect(onAction).toHaveBeenCalledWith('enable', expect.objectContaining({ id: ARJUN.id, name: 'Arjun Mehta' }));
  });

  it("refuses an admin a super admin's row, as the API does", async () => {
    const user = userEvent.setup();
    const { row } = await renderRow({ ...PRIYA, role: 'SUPER_ADMIN' });
    await user.click(within(row).getByRole('button', { name: 'Actions for Priya Sharma' }));
    expect(await screen.findByText('Only a super admin can manage super admin accounts.')).toBeTruthy();
  });
});

describe('UserCards (phones)', () => {
  it('shows the same facts, with the name as the link', async () => {
    await renderWithProviders(<UserCards users={[PRIYA]} signedIn={ADMIN} onAction={vi.fn()} />);
    const card = screen.getByRole('listitem');
    expect(within(card).getByRole('link', { name: 'Priya Sharma' }).getAttribute('href')).toBe(`/users/${PRIYA.id}`);
    expect(within(card).getByText('client@thrive.test')).toBeTruthy();
    expect(within(card).getByText('Client')).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();
  });
});
