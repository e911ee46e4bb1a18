// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role, components } from '@contract';
import { installFakeApi } from '@/test/fake-api';
import { initTestOutbox } from '@/test/outbox';
import { renderWithProviders } from '@/test/render';
import { ClientResultsPanel } from './ClientResultsPanel';

type Result = components['schemas']['Result'];

const CLIENT_ID = '5f0c1c1e-1111-4222-8333-444455556666';
const SLOW = { timeout: 10_000 };

/** What every reader of a result reads: that it exists, for which test and when, and whether it is released. */
const RECORD: Result = {
  id: '5f0c1c1e-aaaa-4222-8333-444455556666',
  client_id: CLIENT_ID,
  client_name: 'Priya Sharma',
  appointment_id: null,
  test_name: 'Lipid panel',
  collected_at: '2026-03-02T03:00:00Z',
  received_at: '2026-03-02T09:00:00Z',
  released: false,
  released_at: null,
  version: 1,
};

/** The same result as a role reading its values has it. */
const WHOLE: Result = {
  ...RECORD,
  source: 'entered',
  lab: 'Apex Diagnostics',
  reported_at: null,
  critical: false,
  observations: [
    {
      loinc: '2093-3',
      label: 'Total cholesterol',
      value: 214,
      unit: 'mg/dL',
      range_low: null,
      range_high: 199,
      flag: 'high',
    },
  ],
  created_by_name: 'Nina Thomas',
  released_by_name: null,
  release_note: null,
};

let answered: Result;

beforeEach(() => {
  initTestOutbox();
  installFakeApi({ 'GET /results': () => ({ results: [answered], pending: [], truncated: false }) });
});

async function panelAs(role: Role) {
  await renderWithProviders(<ClientResultsPanel clientId={CLIENT_ID} clientName="Priya Sharma" role={role} />);
  return screen.findByRole('article', { name: 'Lipid panel, Mon 2 Mar 2026' }, SLOW);
}

describe('ClientResultsPanel', () => {
  it('shows reception that a result exists and awaits review, its values not shown to its role, nothing to do', async () => {
    // As the API answers reception: the record of the result, none of its values.
    answered = RECORD;
    const card = await panelAs('RECEPTION');
    expect(within(card).getByText('Awaiting a doctor’s review')).toBeTruthy();
    expect(within(card).getByText('Not shown to your role')).toBeTruthy();
    expect(within(card).queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enter a result' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Review and release' })).toBeNull();
  });

  it('shows a doctor the values against their range, to review and release', async () => {
    answered = WHOLE;
    const card = await panelAs('DOCTOR');
    expect(within(card).getByRole('rowheader', { name: /Total cholesterol/ })).toBeTruthy();
    expect(within(card).queryByText('Not shown to your role')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Review and release' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enter a result' })).toBeTruthy();
  });
});
