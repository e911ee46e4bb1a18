// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { draftRegistry } from './drafts';
import UpdateNotice from './UpdateNotice';
import { updateState } from './update-state';

const activateNewVersion = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('./service-worker', () => ({ activateNewVersion }));

describe('the new-version notice', () => {
  it('stays away until a new version is reported', async () => {
    await renderWithProviders(<UpdateNotice />);
    expect(screen.queryByText('A new version is available!')).toBeNull();
  });

  it('says a new version is available; Refresh Now activates it', async () => {
    updateState.report('version-file');
    await renderWithProviders(<UpdateNotice />);
    expect(await screen.findByText('A new version is available!')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Now' }));
    expect(activateNewVersion).toHaveBeenCalledTimes(1);
  });

  it('first names the unsaved drafts a refresh would lose, and lets the user keep editing', async () => {
    activateNewVersion.mockClear();
    updateState.report('service-worker');
    const remove = draftRegistry.add('Visit notes');
    await renderWithProviders(<UpdateNotice />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh Now' }));
    expect(screen.getByText('Visit notes')).toBeTruthy();
    expect(activateNewVersion).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByText('A new version is available!')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Refresh Now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh anyway' }));
    expect(activateNewVersion).toHaveBeenCalledTimes(1);
    remove();
  });
});
