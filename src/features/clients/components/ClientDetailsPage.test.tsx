// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '@/test/fake-api';
import { initTestOutbox } from '@/test/outbox';
import { renderWithProviders } from '@/test/render';
import { placeholderProfile } from '@/features/people';
import { ClientDetailsPage } from './ClientDetailsPage';

const DANIEL = '5f0c1c1e-1111-4222-8333-444455556666';
const PRIYA = '5f0c1c1e-2222-4222-8333-444455556666';

const PROFILES = {
  [DANIEL]: { first_name: 'Daniel', last_name: 'Okafor', gender: 'M' as const, date_of_birth: '1979-09-30' },
  [PRIYA]: { first_name: 'Priya', last_name: 'Sharma', gender: 'F' as const, date_of_birth: '1986-04-12' },
};

const NURSE = { username: '5f0c1c1e-9999-4222-8333-444455556666', role: 'NURSE', email: null } as const;

/** The whole page (profile sections, risk panel, enrollments) takes the test DOM a while to draw. */
const SLOW = { timeout: 10_000 };

let api: FakeApi;

beforeEach(() => {
  // The page shows the client's profile with any of this person's changes not yet sent.
  initTestOutbox();
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-01T12:00:00Z') });
  api = installFakeApi({
    'GET /users/user-program-enrollments': () => ({
      results: [],
      count: 0,
      page: 1,
      page_size: 20,
      next: null,
      previous: null,
    }),
    'GET /users/users/{id}': ({ params: { id } }) => ({
      Username: id,
      Profile: { ...placeholderProfile(id, `${id}@thrive.test`), ...PROFILES[id as keyof typeof PROFILES] },
      UserAttributes: [],
    }),
  });
  return () => vi.useRealTimers();
});

function Switcher() {
  const [clientId, setClientId] = useState(DANIEL);
  return (
    <>
      <button type="button" onClick={() => setClientId(PRIYA)}>
        Next client
      </button>
      <Suspense fallback="Loading">
        <ClientDetailsPage clientId={clientId} viewer={NURSE} />
      </Suspense>
    </>
  );
}

function riskPanel() {
  return screen.getByRole('region', { name: 'Cardiovascular risk' });
}

function sexChosen(): string | undefined {
  const group = within(riskPanel()).getByRole('radiogroup', { name: 'Sex' });
  return within(group)
    .getAllByRole<HTMLInputElement>('radio')
    .find((radio) => radio.checked)?.value;
}

describe('ClientDetailsPage', () => {
  it("prefills the risk panel from the client's profile, and starts over for the next client", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Switcher />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Details of Daniel Okafor' }, SLOW)).toBeTruthy();
    expect(sexChosen()).toBe('male');
    expect(within(riskPanel()).getByLabelText<HTMLInputElement>('Age (years)').value).toBe('46');

    await user.type(within(riskPanel()).getByLabelText('HDL cholesterol (mg/dL)'), '45');
    await user.click(screen.getByRole('button', { name: 'Next client' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Details of Priya Sharma' }, SLOW)).toBeTruthy();
    expect(sexChosen()).toBe('female');
    expect(within(riskPanel()).getByLabelText<HTMLInputElement>('Age (years)').value).toBe('40');
    // Nothing typed for Daniel is carried over to Priya.
    expect(within(riskPanel()).getByLabelText<HTMLInputElement>('HDL cholesterol (mg/dL)').value).toBe('');
  });

  it("shows the client's enrollments and whole profile, with an editor for staff", async () => {
    await renderWithProviders(
      <Suspense fallback="Loading">
        <ClientDetailsPage clientId={DANIEL} viewer={NURSE} />
      </Suspense>,
    );
    expect(await screen.findByText('Daniel Okafor is not enrolled in any program yet.', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Program enrollments' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Contact details' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeTruthy();
    const [enrollmentCall] = api.callsTo('GET /users/user-program-enrollments');
    expect(enrollmentCall?.query.get('user')).toBe(DANIEL);
  });
});
