// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectFields, type Role, type components } from '@contract';
import { SIGNED_OUT, sessionStore } from '@/lib/auth/session';
import { installFakeApi } from '@/test/fake-api';
import { initTestOutbox } from '@/test/outbox';
import { renderWithProviders } from '@/test/render';
import { ClientAlerts } from './ClientAlerts';

const CLIENT_ID = '5f0c1c1e-1111-4222-8333-444455556666';
const VISIT_ID = '7a0c1c1e-2222-4222-8333-444455556666';
const SLOW = { timeout: 10_000 };

/** Everything the API knows to watch out for with the client: a very low check nobody followed up, a reaction. */
const ALERTS: components['schemas']['ClientAlerts'] = {
  client_id: CLIENT_ID,
  hipaa_consent: true,
  wellbeing: {
    assessment_id: '8b0c1c1e-3333-4222-8333-444455556666',
    score: 16,
    taken_at: '2026-04-29T04:30:00Z',
    awaiting_contact: true,
    contacts: [],
  },
  contraindications: [],
  reactions: [
    {
      visit_id: VISIT_ID,
      therapy: 'iv',
      visit_state: 'signed',
      at: '2026-04-20T05:00:00Z',
      what: 'Bruising at the site',
      severity: 'moderate',
      action: null,
    },
  ],
};

/** The alerts as the API answers `role` (through its read set), on the client's page. */
async function showAlerts(role: Role) {
  installFakeApi({ 'GET /clients/{id}/alerts': () => projectFields('alerts', role, ALERTS) });
  sessionStore.set({ authenticated: true, role, username: 'staff', email: 'staff@thrive.test' });
  await renderWithProviders(<ClientAlerts clientId={CLIENT_ID} clientName="Daniel Okafor" viewerRole={role} />);
}

beforeEach(() => initTestOutbox());
afterEach(() => sessionStore.set(SIGNED_OUT));

describe('the client’s alerts, as much as the viewer’s role reads', () => {
  it('shows a nurse the very low check with "Record contact", and the reaction', async () => {
    await showAlerts('NURSE');
    expect(await screen.findByText(/Nobody has reached the client about it yet/, undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Record contact' })).toBeTruthy();
    expect(screen.getByText(/Bruising at the site/)).toBeTruthy();
    expect(screen.queryByText('Not shown to your role')).toBeNull();
  });

  it('shows a health coach the check to follow up, and says the clinical alerts are not shown', async () => {
    await showAlerts('HEALTH_COACH');
    expect(await screen.findByText(/Nobody has reached the client about it yet/, undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Record contact' })).toBeTruthy();
    expect(screen.queryByText(/Bruising at the site/)).toBeNull();
    expect(screen.getByText(/Contraindications and reactions:/).textContent).toContain('Not shown to your role');
  });

  it('shows reception neither the check nor the clinical alerts, and never as "no alert"', async () => {
    await showAlerts('RECEPTION');
    expect((await screen.findByText(/Thrive check:/, undefined, SLOW)).textContent).toContain('Not shown to your role');
    expect(screen.getByText(/Contraindications and reactions:/).textContent).toContain('Not shown to your role');
    expect(screen.queryByRole('button', { name: 'Record contact' })).toBeNull();
    expect(screen.queryByText(/no very low Thrive check/i)).toBeNull();
  });
});
