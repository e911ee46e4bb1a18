// @vitest-environment happy-dom
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askBeforeSigningOut } from '@/features/auth';
import { SIGNED_OUT, sessionStore } from '@/lib/auth/session';
import type { SendAnswer } from '@/lib/outbox/model';
import { CITY_CHANGE, initTestOutbox } from '@/test/outbox';
import { renderWithProviders } from '@/test/render';
import { SignOutConfirmation } from './SignOutConfirmation';

afterEach(() => {
  sessionStore.set(SIGNED_OUT);
  onlineManager.setOnline(true);
});

describe('signing out with a change not yet on the server', () => {
  it('asks; when the change arrives before the person has chosen, signs out as they asked', async () => {
    sessionStore.set({ authenticated: true, role: 'NURSE', username: 'u-1', email: 'nurse@thrive.test' });
    let deliver!: (answer: SendAnswer) => void;
    const box = initTestOutbox({ send: () => new Promise<SendAnswer>((resolve) => (deliver = resolve)) });
    await box.enqueue(CITY_CHANGE);
    const signOut = vi.fn();
    askBeforeSigningOut(signOut);
    await renderWithProviders(<SignOutConfirmation />);
    expect(await screen.findByRole('dialog', { name: 'Some changes are not on the server yet' })).toBeTruthy();
    expect(screen.getByText('Profile of Priya Sharma')).toBeTruthy();
    expect(signOut).not.toHaveBeenCalled();

    await waitFor(() => expect(deliver).toBeTypeOf('function'));
    deliver({ status: 200, body: { city: 'Pune' }, problem: null, message: '' });
    await waitFor(() => expect(signOut).toHaveBeenCalledOnce());
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Some changes are not on the server yet' })).toBeNull(),
    );
  });
});
