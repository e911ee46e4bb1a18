// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api as apiClient } from '@/lib/api';
import { SIGNED_OUT, sessionStore } from '@/lib/auth/session';
import { sendThroughApi } from '@/lib/outbox';
import { initTestOutbox } from '@/test/outbox';
import { installFakeApi, problem, type FakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import type { Enrollment } from '../model/labels';
import { ENROLLMENT_MESSAGES } from '../schemas';
import { EnrollmentsPanel } from './EnrollmentsPanel';

const CLIENT_ID = '5f0c1c1e-1111-4222-8333-444455556666';
const SLOW = { timeout: 10_000 };

let enrollments: Enrollment[];
let api: FakeApi;
/** What the next write (POST, PATCH or DELETE) answers instead of doing it. */
let failNextWrite: Response | null;

function enrollment(id: string, fields: Partial<Enrollment>): Enrollment {
  return {
    id,
    user: CLIENT_ID,
    program: 'longevity',
    status: 'active',
    start_date: '2026-01-01',
    end_date: null,
    version: 1,
    created_by: null,
    updated_by: null,
    notes: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...fields,
  };
}

function refusal(): Response | null {
  const answer = failNextWrite;
  failNextWrite = null;
  return answer;
}

const posts = () => api.callsTo('POST /users/user-program-enrollments');

beforeEach(() => {
  enrollments = [];
  failNextWrite = null;
  // The enrollment calls of the API, over a list kept here.
  api = installFakeApi({
    'GET /users/user-program-enrollments': () => ({
      results: enrollments,
      count: enrollments.length,
      page: 1,
      page_size: 20,
      next: null,
      previous: null,
    }),
    'POST /users/user-program-enrollments': ({ body }) => {
      const refused = refusal();
      if (refused) return refused;
      const created = enrollment(body.id ?? `e-${enrollments.length + 1}`, body);
      enrollments = [created, ...enrollments];
      return created;
    },
    'PATCH /users/user-program-enrollments/{id}': ({ params, body }) => {
      const refused = refusal();
      if (refused) return refused;
      enrollments = enrollments.map((item) => (item.id === params.id ? { ...item, ...body } : item));
      return enrollments.find((item) => item.id === params.id) ?? problem(404, 'No such enrollment');
    },
    'DELETE /users/user-program-enrollments/{id}': ({ params }) => {
      const refused = refusal();
      if (refused) return refused;
      enrollments = enrollments.filter((item) => item.id !== params.id);
      return undefined;
    },
  });
});

let queryClient: QueryClient | undefined;

beforeEach(() => {
  queryClient = undefined;
  sessionStore.set({ authenticated: true, role: 'NURSE', username: 'nurse-1', email: 'nurse@thrive.test' });
  initTestOutbox({ send: (item) => sendThroughApi(apiClient(), item), queryClient: () => queryClient });
});

afterEach(() => sessionStore.set(SIGNED_OUT));

async function renderPanel(viewerRole: Role = 'NURSE') {
  const user = userEvent.setup({ delay: null });
  const view = await renderWithProviders(
    <EnrollmentsPanel userId={CLIENT_ID} clientName="Daniel Okafor" viewerRole={viewerRole} />,
  );
  queryClient = view.queryClient;
  return { user };
}

describe('EnrollmentsPanel', { timeout: 40_000 }, () => {
  it('says when the client has no enrollments, and asks the API for this client’s only', async () => {
    await renderPanel();
    expect(await screen.findByText('Daniel Okafor is not enrolled in any program yet.', undefined, SLOW)).toBeTruthy();
    const [list] = api.callsTo('GET /users/user-program-enrollments');
    expect(list?.query.get('user')).toBe(CLIENT_ID);
  });

  it('enrolls through a form that checks the program and dates first', async () => {
    const { user } = await renderPanel();
    await screen.findByText(/not enrolled in any program/, undefined, SLOW);
    await user.click(screen.getByRole('button', { name: 'Enroll in a program' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enroll Daniel Okafor in a program' }, SLOW);
    const form = within(dialog);

    await user.click(form.getByRole('button', { name: 'Enroll' }));
    expect(await form.findByText(ENROLLMENT_MESSAGES.program, undefined, SLOW)).toBeTruthy();

    await user.selectOptions(form.getByLabelText(/^Program/), 'metabolic_reset');
    await user.clear(form.getByLabelText(/^Start date/));
    await user.type(form.getByLabelText(/^Start date/), '2026-07-01');
    await user.type(form.getByLabelText(/^End date/), '2026-06-01');
    await user.click(form.getByRole('button', { name: 'Enroll' }));
    expect(await form.findByText(ENROLLMENT_MESSAGES.endBeforeStart, undefined, SLOW)).toBeTruthy();
    expect(posts()).toEqual([]);

    await user.clear(form.getByLabelText(/^End date/));
    await user.type(form.getByLabelText('Notes'), 'Referred by Dr Rao');
    await user.click(form.getByRole('button', { name: 'Enroll' }));

    expect(await screen.findByText('Metabolic Reset', undefined, SLOW)).toBeTruthy();
    await waitFor(() => expect(posts()).toHaveLength(1), SLOW);
    // The id is made on this device: sent twice, it could never enrol twice.
    expect(posts()[0]?.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts()[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts()[0]?.body).toEqual({
      id: posts()[0]?.body.id,
      user: CLIENT_ID,
      program: 'metabolic_reset',
      status: 'active',
      start_date: '2026-07-01',
      end_date: null,
      notes: 'Referred by Dr Rao',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
  });

  it('keeps an enrollment the server refused, and says so', async () => {
    const { user } = await renderPanel();
    await screen.findByText(/not enrolled in any program/, undefined, SLOW);
    await user.click(screen.getByRole('button', { name: 'Enroll in a program' }));
    const form = within(await screen.findByRole('dialog', undefined, SLOW));
    await user.selectOptions(form.getByLabelText(/^Program/), 'longevity');
    failNextWrite = problem(403, 'You may not change the enrollments of this user.');
    await user.click(form.getByRole('button', { name: 'Enroll' }));
    // Shown at once, marked as not on the server; the refusal is kept for the person with its reason.
    const item = await screen.findByRole('listitem', { name: 'Longevity' }, SLOW);
    expect(within(item).getByText('Not yet on the server')).toBeTruthy();
    await waitFor(() => expect(posts()).toHaveLength(1), SLOW);
    expect(within(item).getByText('Not yet on the server')).toBeTruthy();
  });

  it('changes an enrollment’s status and removes one after asking', async () => {
    enrollments = [
      enrollment('e-1', { program: 'longevity', status: 'active', start_date: '2026-01-01' }),
      enrollment('e-2', {
        program: 'iv_wellness',
        status: 'completed',
        start_date: '2025-03-01',
        end_date: '2025-12-31',
      }),
    ];
    const { user } = await renderPanel();
    const longevity = await screen.findByRole('listitem', { name: 'Longevity' }, SLOW);

    await user.selectOptions(within(longevity).getByLabelText('Status of Longevity'), 'paused');
    await waitFor(
      () => expect(within(longevity).getByText('Paused', { selector: '.mantine-Badge-label' })).toBeTruthy(),
      SLOW,
    );
    await waitFor(() => expect(api.callsTo('PATCH /users/user-program-enrollments/{id}')).toHaveLength(1), SLOW);
    expect(api.callsTo('PATCH /users/user-program-enrollments/{id}')[0]).toMatchObject({
      path: '/users/user-program-enrollments/e-1',
      body: { status: 'paused' },
    });
    expect(api.callsTo('PATCH /users/user-program-enrollments/{id}')[0]?.headers.get('If-Match')).toBe('"1"');

    await user.click(
      within(screen.getByRole('listitem', { name: 'IV Wellness' })).getByRole('button', { name: 'Remove IV Wellness' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Remove this enrollment?' }, SLOW);
    expect(within(confirm).getByText(/Remove the IV Wellness enrollment of Daniel Okafor\?/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Remove enrollment' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'IV Wellness' })).toBeNull(), SLOW);
    expect(api.callsTo('DELETE /users/user-program-enrollments/{id}')[0]?.params).toEqual({ id: 'e-2' });
    expect(screen.getByRole('listitem', { name: 'Longevity' })).toBeTruthy();
  });

  it('shows a failed load with a way to try again', async () => {
    api.on('GET /users/user-program-enrollments', () => problem(403, 'You may not see these enrollments.'));
    await renderPanel();
    expect(await screen.findByText('You may not see these enrollments.', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('offers ADMIN no notes field and sends none, and says its role is not shown the care team’s notes', async () => {
    // As the API answers ADMIN: the notes left out.
    const { notes: _notes, ...asAdminReadsIt } = enrollment('e-1', { program: 'longevity' });
    enrollments = [asAdminReadsIt];
    const { user } = await renderPanel('ADMIN');
    const item = await screen.findByRole('listitem', { name: 'Longevity' }, SLOW);
    expect(within(item).getByText('Not shown to your role')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Enroll in a program' }));
    const form = within(await screen.findByRole('dialog', undefined, SLOW));
    expect(form.queryByLabelText('Notes')).toBeNull();
    await user.selectOptions(form.getByLabelText(/^Program/), 'metabolic_reset');
    await user.click(form.getByRole('button', { name: 'Enroll' }));
    await waitFor(() => expect(posts()).toHaveLength(1), SLOW);
    expect(posts()[0]?.body).not.toHaveProperty('notes');
  });
});
