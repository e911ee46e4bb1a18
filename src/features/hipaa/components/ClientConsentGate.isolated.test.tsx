// @vitest-environment happy-dom
import { fireEvent, isInaccessible, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api as apiClient } from '@/lib/api';
import { SIGNED_OUT, sessionStore } from '@/lib/auth/session';
import { sendThroughApi } from '@/lib/outbox';
import { initTestOutbox } from '@/test/outbox';
import { toastSuccess } from '@/components/toasts';
import type { Role } from '@/lib/auth/roles';
import { installFakeApi, problem, type FakeApi, type Handler } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { type Profile } from '@/features/profiles';
import { placeholderProfile, type UserDetail } from '@/features/people';
import { userKeys } from '@/features/people';
import { ClientConsentGate } from './ClientConsentGate';

vi.mock('@/components/toasts', () => ({ toastSuccess: vi.fn(), toastFailure: vi.fn() }));
const signOut = vi.fn();
vi.mock('@/features/auth/useSignOut', () => ({ useSignOut: () => ({ mutate: signOut, isPending: false }) }));

const CLIENT_ID = '5f0c1c1e-1111-4222-8333-444455556666';
function profile(consented: boolean): Profile {
  return {
    ...placeholderProfile(CLIENT_ID, 'consent@thrive.test'),
    user_profile_id: '7a0c1c1e-1111-4222-8333-444455556666',
    first_name: 'Asha',
    last_name: 'Menon',
    hipaa_consent: consented,
  };
}

function detail(Profile: Profile | null): UserDetail {
  return { Username: CLIENT_ID, Profile, UserAttributes: [{ Name: 'email', Value: 'consent@thrive.test' }] };
}

/** The API as the gate meets it: the client's detail, and the answer to the consent PATCH. */
let api: FakeApi;
let current: UserDetail;
let answerPatch: Handler<'PATCH /users/user-profiles/{id}'>;
let queryClient: QueryClient | undefined;

const patchRequests = () => api.callsTo('PATCH /users/user-profiles/{id}');

/** Made inert behind the authorization, itself or with what holds it. */
const isInert = (element: HTMLElement) => element.matches('[inert], [inert] *');

async function renderGate(role: Role = 'CLIENT') {
  const view = await renderWithProviders(
    <ClientConsentGate user={{ role, username: CLIENT_ID }} supportEmail="privacy@thrive.test">
      <p>Portal content</p>
    </ClientConsentGate>,
  );
  queryClient = view.queryClient;
  return view;
}

const dialog = () => screen.findByRole('dialog', { name: 'HIPAA authorization' });
const checkbox = () => screen.getByRole('checkbox', { name: 'I have read this authorization and I agree to it.' });
const acceptButton = () => screen.getByRole('button', { name: 'Accept and continue' });

beforeEach(() => {
  vi.mocked(toastSuccess).mockClear();
  signOut.mockClear();
  current = detail(profile(false));
  answerPatch = () => profile(true);
  api = installFakeApi({
    'GET /users/users/{id}': () => current,
    'PATCH /users/user-profiles/{id}': async (request) => {
      const answer = await answerPatch(request);
      // Once the server took the consent, reading the client's detail shows it.
      if (!(answer instanceof Response)) current = detail(answer);
      return answer;
    },
  });
  sessionStore.set({ authenticated: true, role: 'CLIENT', username: CLIENT_ID, email: 'consent@thrive.test' });
  initTestOutbox({ send: (item) => sendThroughApi(apiClient(), item), queryClient: () => queryClient });
});

afterEach(() => {
  sessionStore.set(SIGNED_OUT);
  onlineManager.setOnline(true);
});

describe('ClientConsentGate', () => {
  it('shows a client who has not consented the authorization, and nothing of the portal', async () => {
    await renderGate();
    const modal = await dialog();
    expect(screen.queryByText('Portal content')).toBeNull();
    for (const heading of [
      'Who may use and share your information',
      'The health information covered',
      'Why it is used and shared',
      'Who may receive it',
      'How long it lasts',
      'Your rights',
    ]) {
      expect(within(modal).getByRole('heading', { name: heading })).toBeTruthy();
    }
    expect(within(modal).getByText(/Version 1\.0/)).toBeTruthy();
    expect(within(modal).getByText(/revoke this authorization at any time, in writing/)).toBeTruthy();
    expect(within(modal).getAllByRole('link', { name: 'privacy@thrive.test' })[0]?.getAttribute('href')).toBe(
      'mailto:privacy@thrive.test',
    );
    // No way to close it but answering.
    expect(within(modal).queryByRole('button', { name: /close/i })).toBeNull();
    // The page behind is out of reach of keyboard and screen reader.
    const behind = screen.getByText(/Your Thrive portal opens once/);
    expect(isInert(behind)).toBe(true);
    expect(isInaccessible(behind)).toBe(true);
    expect(isInert(modal)).toBe(false);
    expect(isInaccessible(modal)).toBe(false);
  });

  it('counts a client without a profile (the placeholder) as not consented', async () => {
    current = detail(null);
    await renderGate();
    expect(await dialog()).toBeTruthy();
    expect(screen.queryByText('Portal content')).toBeNull();
  });

  it('shows the portal to a client who has consented', async () => {
    current = detail(profile(true));
    await renderGate();
    expect(await screen.findByText('Portal content')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets other roles that may open the portal through without asking', async () => {
    await renderGate('SUPER_ADMIN');
    expect(await screen.findByText('Portal content')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('cannot be closed with Escape or by clicking outside', async () => {
    await renderGate();
    const modal = await dialog();
    await userEvent.keyboard('{Escape}');
    fireEvent.keyDown(modal, { key: 'Escape' });
    const backdrop = screen.getByTestId('hipaa-backdrop');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(screen.getByRole('dialog', { name: 'HIPAA authorization' })).toBeTruthy();
    expect(screen.queryByText('Portal content')).toBeNull();
  });

  it('keeps Accept disabled until the box is ticked', async () => {
    await renderGate();
    await dialog();
    expect(acceptButton().hasAttribute('disabled')).toBe(true);
    await userEvent.click(checkbox());
    expect(acceptButton().hasAttribute('disabled')).toBe(false);
    await userEvent.click(checkbox());
    expect(acceptButton().hasAttribute('disabled')).toBe(true);
  });

  it('asks for the tick when the form is submitted without it (Enter on the box, or a submit)', async () => {
    await renderGate();
    await dialog();
    checkbox().focus();
    await userEvent.keyboard('{Enter}');
    const message = await screen.findByRole('alert');
    expect(message.textContent).toBe('Please accept the terms by checking the box');
    // At the checkbox: the message is its description.
    const described = screen.getByRole('checkbox', {
      name: 'I have read this authorization and I agree to it.',
      description: 'Please accept the terms by checking the box',
    });
    expect(described.getAttribute('aria-invalid')).toBe('true');

    await userEvent.click(checkbox());
    expect(screen.queryByText('Please accept the terms by checking the box')).toBeNull();
    await userEvent.click(checkbox());
    fireEvent.submit(screen.getByRole('form', { name: 'Accept the HIPAA authorization' }));
    expect(await screen.findByText('Please accept the terms by checking the box')).toBeTruthy();
    expect(patchRequests()).toEqual([]);
  });

  it('records consent with exactly the consent fields, then opens the portal', async () => {
    let answer: (response: Profile) => void = () => undefined;
    answerPatch = () => new Promise((resolve) => (answer = resolve));
    const { queryClient } = await renderGate();
    await dialog();
    await userEvent.click(checkbox());
    const before = Date.now();
    await userEvent.click(acceptButton());

    // While saving: 'Processing...', disabled, the tick kept.
    const saving = await screen.findByRole('button', { name: 'Processing...' });
    expect(saving.hasAttribute('disabled')).toBe(true);
    expect(checkbox()).toHaveProperty('checked', true);

    const [request] = patchRequests();
    expect(request?.path).toBe(`/users/user-profiles/${CLIENT_ID}`);
    // Made from the profile version the client's device holds.
    expect(request?.headers.get('If-Match')).toBe('"1"');
    const body = request?.body ?? {};
    expect(Object.keys(body).sort()).toEqual(['hipaa_consent', 'hipaa_consent_date', 'hipaa_consent_version']);
    expect(body).toMatchObject({ hipaa_consent: true, hipaa_consent_version: '1.0' });
    const date = String(body.hipaa_consent_date);
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(date)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(date)).toBeLessThanOrEqual(Date.now());

    answer(profile(true));
    expect(await screen.findByText('Portal content')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The cached detail now holds the consented profile (what is saved on the device, too).
    await waitFor(() =>
      expect(queryClient.getQueryData<UserDetail>(userKeys.detail(CLIENT_ID))?.Profile?.hipaa_consent).toBe(true),
    );
    expect(toastSuccess).toHaveBeenCalledWith(
      'Your HIPAA authorization is recorded. Welcome to Thrive.',
      'Authorization recorded',
    );
    // The page behind is usable again.
    expect(isInert(screen.getByText('Portal content'))).toBe(false);
    expect(isInaccessible(screen.getByText('Portal content'))).toBe(false);
  });

  it('offline, keeps the consent on this device, opens the portal, and sends it when the network returns', async () => {
    await renderGate();
    await dialog();
    onlineManager.setOnline(false);
    await userEvent.click(checkbox());
    await userEvent.click(acceptButton());
    expect(await screen.findByText('Portal content')).toBeTruthy();
    expect(patchRequests()).toEqual([]);

    onlineManager.setOnline(true);
    await waitFor(() => expect(patchRequests()).toHaveLength(1));
    expect(patchRequests()[0]?.body).toMatchObject({ hipaa_consent: true, hipaa_consent_version: '1.0' });
    expect(screen.getByText('Portal content')).toBeTruthy();
  });

  it('says so when consent cannot be recorded, and keeps the authorization and the tick', async () => {
    answerPatch = () => problem(500, 'Internal Server Error');
    await renderGate();
    await dialog();
    await userEvent.click(checkbox());
    await userEvent.click(acceptButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to record consent. Please try again.');
    expect(screen.getByRole('dialog', { name: 'HIPAA authorization' })).toBeTruthy();
    expect(screen.queryByText('Portal content')).toBeNull();
    expect(checkbox()).toHaveProperty('checked', true);
    await waitFor(() => expect(acceptButton().hasAttribute('disabled')).toBe(false));
    expect(toastSuccess).not.toHaveBeenCalled();

    // Trying again can succeed.
    answerPatch = () => profile(true);
    await userEvent.click(acceptButton());
    expect(await screen.findByText('Portal content')).toBeTruthy();
  });

  it('offers signing out as the way to leave without accepting', async () => {
    await renderGate();
    const modal = await dialog();
    await userEvent.click(within(modal).getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(patchRequests()).toEqual([]);
  });
});
