// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exampleVisit, signatureMeaningText, projectFields, type Role, type Visit } from '@contract';
import { SIGNED_OUT, sessionStore } from '@/lib/auth/session';
import { placeholderProfile } from '@/features/people';
import { installFakeApi } from '@/test/fake-api';
import { initTestOutbox } from '@/test/outbox';
import { renderWithProviders } from '@/test/render';
import { VisitScreen } from './VisitScreen';

const CLIENT_ID = '5f0c1c1e-1111-4222-8333-444455556666';
const VISIT_ID = '7a0c1c1e-2222-4222-8333-444455556666';
const STAFF_ID = '5f0c1c1e-7777-4222-8333-444455556666';
const SLOW = { timeout: 10_000 };

/** An IV visit as the server holds it: charted by a nurse, a draft or signed. */
function ivVisit(state: Visit['state']): Visit {
  const draft = exampleVisit('iv', { clientId: CLIENT_ID, at: new Date('2031-03-03T04:30:00Z') });
  const at = '2031-03-03T04:30:00Z';
  return {
    ...draft,
    id: VISIT_ID,
    client_id: CLIENT_ID,
    client_name: 'Daniel Okafor',
    therapy: 'iv',
    appointment_id: null,
    clinic_id: null,
    clinic_name: null,
    state,
    version: 3,
    consent: draft.consent ?? {},
    contraindications: draft.contraindications ?? {},
    vitals: draft.vitals ?? [],
    reactions: draft.reactions ?? [],
    notes: draft.notes ?? null,
    derived: {},
    attributions: {},
    people: { [STAFF_ID]: 'Nina Thomas' },
    addenda: [],
    created_by: STAFF_ID,
    created_at: at,
    updated_at: at,
    signed_by: state === 'signed' ? STAFF_ID : null,
    signed_at: state === 'signed' ? at : null,
    signed_on_device_at: state === 'signed' ? at : null,
    content_hash: state === 'signed' ? 'a'.repeat(64) : null,
    opened_at: at,
    planned_minutes: 60,
    recorded_at: {},
    signature:
      state === 'signed'
        ? {
            by: STAFF_ID,
            name: 'Nina Thomas',
            role: 'NURSE',
            meaning: 'performed',
            meaning_text: signatureMeaningText('performed'),
            reauthenticated_with: 'password',
            signed_at: at,
            signed_on_device_at: at,
            device_clock_offset_ms: 0,
            warnings: [],
            content_hash: 'a'.repeat(64),
          }
        : null,
  };
}

/** The client's alerts as the API answers `role`: none raised, through its read set. */
function alertsAs(role: Role) {
  return projectFields('alerts', role, {
    client_id: CLIENT_ID,
    hipaa_consent: true,
    wellbeing: null,
    contraindications: [],
    reactions: [],
  });
}

/** The visit as the API answers `role`: through its read set, as the server projects it. */
function answerAs(role: Role, state: Visit['state']): Visit {
  return projectFields('visit', role, ivVisit(state));
}

async function openVisit(role: Role, state: Visit['state']) {
  installFakeApi({
    'GET /users/users/{id}': () => ({
      Username: CLIENT_ID,
      Profile: { ...placeholderProfile(CLIENT_ID, 'client@thrive.test'), first_name: 'Daniel', last_name: 'Okafor' },
      UserAttributes: [],
    }),
    'GET /visits/{id}': () => answerAs(role, state),
    'GET /clients/{id}/alerts': () => alertsAs(role),
    'GET /clinics': () => ({ results: [] }),
  });
  sessionStore.set({ authenticated: true, role, username: STAFF_ID, email: 'staff@thrive.test' });
  await renderWithProviders(
    <Suspense fallback="Loading">
      <VisitScreen therapy="iv" clientId={CLIENT_ID} visitId={VISIT_ID} user={{ username: STAFF_ID, role }} />
    </Suspense>,
  );
  await screen.findByRole('heading', { name: 'IV therapy visit', level: 1 }, SLOW);
}

beforeEach(() => {
  initTestOutbox();
});

afterEach(() => sessionStore.set(SIGNED_OUT));

describe('the therapy visit screen, by role', { timeout: 30_000 }, () => {
  it('gives a nurse the editable chart and "Sign visit" on a draft', async () => {
    await openVisit('NURSE', 'draft');
    expect(await screen.findByRole('button', { name: 'Sign visit' }, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('textbox').length).toBeGreaterThan(0);
    expect(screen.queryByText('Not shown to your role')).toBeNull();
  });

  it.each(['RECEPTION', 'HEALTH_COACH', 'NUTRITIONIST'] as const)(
    'gives %s no chart and no "Sign visit" on a draft: its therapy, time and state, and what is not shown',
    async (role) => {
      await openVisit(role, 'draft');
      expect((await screen.findAllByText('Not shown to your role', undefined, SLOW)).length).toBeGreaterThan(0);
      expect(screen.getByText('Draft')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Sign visit' })).toBeNull();
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByText('Tolerated well.')).toBeNull();
    },
  );

  it('gives a doctor the addendum box on a signed visit', async () => {
    await openVisit('DOCTOR', 'signed');
    expect(await screen.findByRole('textbox', { name: 'Addendum' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Tolerated well.')).toBeTruthy();
  });

  it.each(['RECEPTION', 'HEALTH_COACH'] as const)(
    'gives %s no addendum box on a signed visit, and says the charted content is not shown',
    async (role) => {
      await openVisit(role, 'signed');
      expect((await screen.findAllByText('Not shown to your role', undefined, SLOW)).length).toBeGreaterThan(0);
      expect(screen.getByText(/Signed by Nina Thomas/)).toBeTruthy();
      expect(screen.queryByRole('textbox', { name: 'Addendum' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Add addendum' })).toBeNull();
    },
  );
});

describe('vitals added from their dialog', { timeout: 30_000 }, () => {
  // Later the same morning (the visit began at 04:30 on the clinic's clock, UTC here); only the date is faked.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-03T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  async function typeVitals(time: string) {
    const user = userEvent.setup();
    await openVisit('NURSE', 'draft');
    await user.click(await screen.findByRole('button', { name: 'Add vitals' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add vitals' });
    await user.type(within(dialog).getByLabelText('Systolic', { exact: false }), '118');
    const timeField = within(dialog).getByRole('textbox', { name: 'Time taken' });
    await user.clear(timeField);
    await user.type(timeField, time);
    await user.click(within(dialog).getByRole('button', { name: 'Add vitals' }));
    return dialog;
  }

  it('refuses a time later than now at the time field, and adds nothing', async () => {
    const dialog = await typeVitals('10:00');
    expect(await within(dialog).findByText('Cannot be later than now.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add vitals' })).toBeTruthy();
    expect(screen.queryByText(/Not saved/)).toBeNull();
  });

  it('adds vitals timed within the visit', async () => {
    await typeVitals('07:50');
    expect(await screen.findByText('07:50', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByText('Cannot be later than now.')).toBeNull();
  });
});
