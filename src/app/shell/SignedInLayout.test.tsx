// @vitest-environment happy-dom
import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIGNED_OUT, sessionStore } from '@/lib/auth/session';
import { installFakeApi } from '@/test/fake-api';
import { CITY_CHANGE, initTestOutbox } from '@/test/outbox';
import { renderWithProviders } from '@/test/render';
import { SignedInLayout } from './SignedInLayout';

function signedInAs(role: string) {
  sessionStore.set({ authenticated: true, role, username: 'u-1', email: 'someone@thrive.test' });
  // The header names the person from their own record (here one without a profile yet, so no name); the times are
  // read on their clinic's clock (none here).
  installFakeApi({
    'GET /users/users/{id}': ({ params }) => ({ Username: params.id, Profile: null, UserAttributes: [] }),
    'GET /clinics': () => ({ results: [] }),
  });
}

// The test DOM matches no media query (src/test/setup.ts): the phone layout, with the navigation behind the burger.
describe('the signed-in shell on a phone', () => {
  beforeEach(() => {
    initTestOutbox();
  });
  afterEach(() => sessionStore.set(SIGNED_OUT));

  it('a client gets a header and no navigation bar', async () => {
    signedInAs('CLIENT');
    await renderWithProviders(<SignedInLayout />);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('a nurse opens the navigation with the burger and closes it with Escape, back on the burger', async () => {
    signedInAs('NURSE');
    await renderWithProviders(<SignedInLayout />);
    // Closed: out of reach for keyboard and screen reader.
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();

    const burger = screen.getByRole('button', { name: 'Open navigation' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(burger);

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.getAttribute('data-nav-state')).toBe('mobile');
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    expect(burger.getAttribute('aria-controls')).toBe(nav.id);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Hub', 'Appointments', 'Discovery', 'Thrive dashboard']);
    expect(within(nav).getByRole('button', { name: 'Sign out' })).toBeTruthy();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open navigation' }).matches(':focus')).toBe(true);
  });

  it('an admin is offered the backoffice and the users only', async () => {
    signedInAs('ADMIN');
    await renderWithProviders(<SignedInLayout />);
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Backoffice', 'Users']);
  });
});

describe('the sync line in the header', () => {
  beforeEach(() => {
    signedInAs('NURSE');
  });
  afterEach(() => {
    sessionStore.set(SIGNED_OUT);
    onlineManager.setOnline(true);
  });

  it('says all changes are saved, then counts a change made offline, and lists it', async () => {
    const box = initTestOutbox();
    await renderWithProviders(<SignedInLayout />);
    expect(await screen.findByRole('button', { name: 'All changes saved. Show unsent changes' })).toBeTruthy();
    act(() => onlineManager.setOnline(false));

    await box.enqueue(CITY_CHANGE);
    const line = await screen.findByRole('button', {
      name: '1 change saved on this device, waiting for the network. Show unsent changes',
    });
    await userEvent.click(line);
    const drawer = await screen.findByRole('dialog', { name: 'Unsent changes' });
    const item = within(drawer).getByRole('listitem', { name: 'Profile of Priya Sharma' });
    expect(within(item).getByText('Waiting to send')).toBeTruthy();
    expect(within(item).getByText(/City · made just now/)).toBeTruthy();

    // Discarding asks first.
    await userEvent.click(within(item).getByRole('button', { name: 'Discard' }));
    expect(within(item).getByText('Discard this change?')).toBeTruthy();
    await userEvent.click(within(item).getByRole('button', { name: 'Discard' }));
    expect(await within(drawer).findByText('All your changes are saved on the server.')).toBeTruthy();
  });
});
