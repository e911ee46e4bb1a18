// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { components } from '@contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, problem, type FakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { testClinic } from '@/test/clinics';
import { CLINIC_MESSAGING_MESSAGES } from '../model/clinic-messaging';
import { ClinicMessagingPanel } from './ClinicMessagingPanel';

type Schemas = components['schemas'];

const BENGALURU = '0b6f7c1e-1111-4222-8333-444455556666';
const SLOW = { timeout: 10_000 };

const CLINIC = testClinic({ id: BENGALURU, name: 'Thrive Bengaluru', time_zone: 'Asia/Kolkata' });

let saved: Schemas['ClinicMessaging'];
let api: FakeApi;

beforeEach(() => {
  saved = {
    clinic_id: BENGALURU,
    reminder_lead_hours: 24,
    video_room_url: 'https://meet.thrive.test/bengaluru-intake',
    care_inbox: 'care.bengaluru@thrive.test',
  };
  api = installFakeApi({
    'GET /clinics': () => ({ results: [CLINIC] }),
    'GET /clinics/{id}/messaging': () => saved,
    'PATCH /clinics/{id}/messaging': ({ body }) => {
      saved = { ...saved, ...body };
      return saved;
    },
  });
});

async function renderPanel() {
  const user = userEvent.setup({ delay: null });
  await renderWithProviders(<ClinicMessagingPanel />);
  const form = within(await screen.findByRole('form', { name: 'Messages of Thrive Bengaluru' }, SLOW));
  await waitFor(() => expect(form.getByLabelText(/^Reminder lead/)).toHaveProperty('value', '24'), SLOW);
  return { user, form };
}

describe('ClinicMessagingPanel', { timeout: 30_000 }, () => {
  it('shows how a clinic’s messages go out, and saves only the fields changed', async () => {
    const { user, form } = await renderPanel();
    expect(form.getByLabelText(/^Care inbox/)).toHaveProperty('value', 'care.bengaluru@thrive.test');

    await user.clear(form.getByLabelText(/^Reminder lead/));
    await user.type(form.getByLabelText(/^Reminder lead/), '48');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PATCH /clinics/{id}/messaging')).toHaveLength(1), SLOW);
    const [patch] = api.callsTo('PATCH /clinics/{id}/messaging');
    expect(patch?.params).toEqual({ id: BENGALURU });
    expect(patch?.body).toEqual({ reminder_lead_hours: 48 });
    // What the server kept is the form's new starting point: nothing left to save.
    const kept = within(await screen.findByRole('form', { name: 'Messages of Thrive Bengaluru' }));
    await waitFor(() => expect(kept.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true), SLOW);
    expect(kept.getByLabelText(/^Reminder lead/)).toHaveProperty('value', '48');
  });

  it('says at the field what is wrong, and sends nothing', async () => {
    const { user, form } = await renderPanel();
    await user.clear(form.getByLabelText(/^Reminder lead/));
    await user.type(form.getByLabelText(/^Reminder lead/), '200');
    await user.clear(form.getByLabelText(/^Video room/));
    await user.type(form.getByLabelText(/^Video room/), 'http://meet.thrive.test/room');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByText(CLINIC_MESSAGING_MESSAGES.lead, undefined, SLOW)).toBeTruthy();
    expect(form.getByText(CLINIC_MESSAGING_MESSAGES.videoRoom)).toBeTruthy();
    expect(api.callsTo('PATCH /clinics/{id}/messaging')).toEqual([]);
  });

  it('puts the server’s refusal of a field at that field, and an empty field clears it', async () => {
    api.on('PATCH /clinics/{id}/messaging', () =>
      problem(400, 'The request does not match the contract.', [{ field: 'body.care_inbox', message: 'is taken' }]),
    );
    const { user, form } = await renderPanel();
    await user.clear(form.getByLabelText(/^Care inbox/));
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByText('is taken', undefined, SLOW)).toBeTruthy();
    expect(api.callsTo('PATCH /clinics/{id}/messaging')[0]?.body).toEqual({ care_inbox: null });
  });
});
