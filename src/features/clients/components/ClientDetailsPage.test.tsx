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
const RECEPTION = { ...NURSE, role: 'RECEPTION' } as const;

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
    // Priya's latest released lipid panel; a newer one not yet released must not be taken.
    'GET /results': ({ query }) => ({
      results:
        query.get('client') === PRIYA
          ? [
              lipidResult('new', '2026-04-28T03:00:00Z', false, 250, 30),
              lipidResult('old', '2026-03-02T03:00:00Z', true, 214, 45),
            ]
          : [],
      pending: [],
      truncated: false,
    }),
    'GET /visits': () => ({ results: [], truncated: false }),
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

function lipidResult(id: string, collected: string, released: boolean, total: number, hdl: number) {
  const observation = (loinc: string, label: string, value: number) => ({
    loinc,
    label,
    value,
    unit: 'mg/dL',
    range_low: null,
    range_high: null,
    flag: 'normal' as const,
  });
  return {
    id: `5f0c1c1e-${id === 'new' ? '7777' : '8888'}-4222-8333-444455556666`,
    client_id: PRIYA,
    client_name: 'Priya Sharma',
    appointment_id: null,
    test_name: 'Fasting blood panel',
    collected_at: collected,
    received_at: collected,
    released,
    released_at: released ? '2026-03-04T05:00:00Z' : null,
    version: released ? 2 : 1,
    observations: [observation('2093-3', 'Total cholesterol', total), observation('2085-9', 'HDL cholesterol', hdl)],
  };
}

/** The calculator, once the latest lab results and vitals it is prefilled from are known. */
async function riskPanelLoaded() {
  return screen.findByRole('region', { name: 'Cardiovascular risk' }, SLOW);
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
    await riskPanelLoaded();
    expect(sexChosen()).toBe('male');
    expect(within(riskPanel()).getByLabelText<HTMLInputElement>('Age (years)').value).toBe('46');

    await user.type(within(riskPanel()).getByLabelText('HDL cholesterol (mg/dL)'), '45');
    await user.click(screen.getByRole('button', { name: 'Next client' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Details of Priya Sharma' }, SLOW)).toBeTruthy();
    await riskPanelLoaded();
    expect(sexChosen()).toBe('female');
    expect(within(riskPanel()).getByLabelText<HTMLInputElement>('Age (years)').value).toBe('40');
    // Nothing typed for Daniel is carried over to Priya: her cholesterol is her latest released lipid panel's.
    expect(within(riskPanel()).getByLabelText<HTMLInputElement>('HDL cholesterol (mg/dL)').value).toBe('45');
    expect(within(riskPanel()).getByLabelText<HTMLInputElement>('Total cholesterol (mg/dL)').value).toBe('214');
    expect(within(riskPanel()).getByRole('note').textContent).toBe(
      'Prefilled from the record: Total and HDL cholesterol from the Fasting blood panel taken Mon 2 Mar 2026 (released Wed 4 Mar 2026).',
    );
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

  it('opens the calculator for reception without asking for lab values or vitals it does not read', async () => {
    await renderWithProviders(
      <Suspense fallback="Loading">
        <ClientDetailsPage clientId={PRIYA} viewer={RECEPTION} />
      </Suspense>,
    );
    await riskPanelLoaded();
    expect(within(riskPanel()).getByLabelText<HTMLInputElement>('Total cholesterol (mg/dL)').value).toBe('');
    // Every read of a client's record is audited: what the role is not answered is not asked for.
    expect(api.callsTo('GET /results')).toEqual([]);
    expect(api.callsTo('GET /visits')).toEqual([]);
  });
});
