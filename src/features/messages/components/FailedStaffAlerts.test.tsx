// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import type { components } from '@contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { FailedStaffAlerts } from './FailedStaffAlerts';

type Message = components['schemas']['Message'];

const CLINIC_ID = '0b6f7c1e-1111-4222-8333-444455556666';
const NOW = Date.parse('2031-06-10T06:00:00Z');
const SLOW = { timeout: 10_000 };

function alert(id: string, createdAt: string): Message {
  return {
    id,
    kind: 'staff_alert',
    channel: 'email',
    status: 'failed',
    reason: 'Not sent before its deadline.',
    to: 'c•••@thrive.test',
    subject: 'A Thrive check needs a follow-up',
    appointment_id: null,
    created_at: createdAt,
    sent_at: null,
    attempts: 40,
    next_attempt_at: null,
  };
}

describe('FailedStaffAlerts', { timeout: 30_000 }, () => {
  it('tells the care team of this week’s alerts the care inbox did not get, and why', async () => {
    const api = installFakeApi({
      'GET /messages/staff-alerts': () => ({
        results: [alert('a-1', '2031-06-08T06:00:00Z'), alert('a-0', '2031-05-01T06:00:00Z')],
      }),
    });
    await renderWithProviders(<FailedStaffAlerts clinicId={CLINIC_ID} now={NOW} />);

    expect(await screen.findByRole('heading', { name: 'Alerts the care inbox did not get' }, SLOW)).toBeTruthy();
    expect(screen.getByText(/A very low Thrive check was not e-mailed to the clinic’s care inbox/)).toBeTruthy();
    // Only the week's: the older failure is old news.
    expect(screen.getAllByText(/Not sent before its deadline/)).toHaveLength(1);
    const [call] = api.callsTo('GET /messages/staff-alerts');
    expect(call?.query.get('clinic')).toBe(CLINIC_ID);
    expect(call?.query.get('status')).toBe('failed');
  });

  it('shows nothing while every alert went out', async () => {
    const api = installFakeApi({ 'GET /messages/staff-alerts': () => ({ results: [] }) });
    const view = await renderWithProviders(<FailedStaffAlerts clinicId={CLINIC_ID} now={NOW} />);
    await waitFor(() => expect(api.callsTo('GET /messages/staff-alerts')).toHaveLength(1), SLOW);
    await waitFor(() => expect(view.queryClient.isFetching()).toBe(0), SLOW);
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
