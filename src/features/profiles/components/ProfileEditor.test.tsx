// @vitest-environment happy-dom
import { onlineManager, useSuspenseQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api as apiClient } from '@/lib/api';
import { SIGNED_OUT, sessionStore } from '@/lib/auth/session';
import { sendThroughApi } from '@/lib/outbox';
import { initTestOutbox } from '@/test/outbox';
import { installFakeApi, problem, type FakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { userDetailQueryOptions, userKeys } from '@/features/people';
import { profileReadFields, projectProfileFields } from '@contract';
import { type Profile } from '../model/profile';
import { placeholderProfile, profileOf, type UserDetail } from '@/features/people';
import { PROFILE_SECTIONS, fieldSpec } from '../model/fields';
import { SAVE_MESSAGES } from '../model/save-errors';
import type { SignedInUser } from '@/lib/auth/guards';
import { ProfileEditor } from './ProfileEditor';

const CLIENT_ID = '5f0c1c1e-1111-4222-8333-444455556666';
const ADMIN: SignedInUser = { username: '5f0c1c1e-9999-4222-8333-444455556666', role: 'ADMIN', email: null };
const CLIENT: SignedInUser = { username: CLIENT_ID, role: 'CLIENT', email: null };
const SUPER: SignedInUser = { username: '5f0c1c1e-8888-4222-8333-444455556666', role: 'SUPER_ADMIN', email: null };
const NURSE: SignedInUser = { username: '5f0c1c1e-7777-4222-8333-444455556666', role: 'NURSE', email: null };
const SLOW = { timeout: 10_000 };

const saved: Profile = {
  ...placeholderProfile(CLIENT_ID, 'client2@thrive.test'),
  user_profile_id: '6f0c1c1e-1111-4222-8333-444455556666',
  first_name: 'Daniel',
  last_name: 'Okafor',
  phone_number: '+15555550112',
  client_story: 'Runs on weekends.',
  hipaa_consent: true,
  version: 4,
};

let api: FakeApi;
/** What the next PATCH answers (in order): a Response, or the profile the server then holds. */
let patchAnswers: (Response | Profile)[];
/** The profile as the server holds it. */
let current: Profile;
let queryClient: QueryClient | undefined;

beforeEach(() => {
  patchAnswers = [];
  current = saved;
  queryClient = undefined;
  api = installFakeApi({
    'GET /users/users/{id}': () => ({ Username: CLIENT_ID, Profile: current, UserAttributes: [] }),
    'PATCH /users/user-profiles/{id}': () => {
      const answer = patchAnswers.shift() ?? problem(500, 'No answer prepared');
      if (answer instanceof Response) return answer;
      current = answer;
      return answer;
    },
  });
  sessionStore.set({ authenticated: true, role: 'ADMIN', username: ADMIN.username, email: 'admin@thrive.test' });
  initTestOutbox({ send: (item) => sendThroughApi(apiClient(), item), queryClient: () => queryClient });
});

afterEach(() => {
  onlineManager.setOnline(true);
  sessionStore.set(SIGNED_OUT);
});

function Harness({ viewer }: { viewer: SignedInUser }) {
  const { data } = useSuspenseQuery(userDetailQueryOptions(CLIENT_ID));
  return <ProfileEditor shown={profileOf(data)} viewer={viewer} roleChange />;
}

async function openEditor(viewer: SignedInUser = ADMIN) {
  // No pause between key presses: the form is large, and the test DOM slow to redraw it.
  const user = userEvent.setup({ delay: null });
  const view = await renderWithProviders(
    <Suspense fallback="Loading">
      <Harness viewer={viewer} />
    </Suspense>,
  );
  queryClient = view.queryClient;
  await user.click(await screen.findByRole('button', { name: 'Edit profile' }, SLOW));
  const form = await screen.findByRole('form', { name: 'Edit profile' }, SLOW);
  return { user, form, ...view };
}

const patches = () =>
  api.callsTo('PATCH /users/user-profiles/{id}').map((call) => ({
    path: call.path,
    ifMatch: call.headers.get('If-Match'),
    idempotencyKey: call.headers.get('Idempotency-Key'),
    body: call.body,
  }));

// A whole profile form in the test DOM, typed into key by key: slow on a busy two-core machine.
describe('ProfileEditor', { timeout: 40_000 }, () => {
  it('saves only the changed fields through the outbox, with If-Match on the version edited', async () => {
    const { user, form } = await openEditor();
    const phone = within(form).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+1 555 555 0199');
    patchAnswers.push({ ...saved, phone_number: '+15555550199', version: 5 });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    // Back to the read-only view, showing the new number at once.
    expect(await screen.findByText('+15555550199', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Edit profile' })).toBeNull();
    await waitFor(() => expect(patches()).toHaveLength(1), SLOW);
    expect(patches()[0]).toMatchObject({
      path: `/users/user-profiles/${CLIENT_ID}`,
      ifMatch: '"4"',
      body: { phone_number: '+15555550199' },
    });
    expect(patches()[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // Once the server has it, the mark goes and the cached user is the server's new version.
    await waitFor(() => expect(screen.queryByText('Not yet on the server')).toBeNull(), SLOW);
    await waitFor(
      () => expect(queryClient?.getQueryData<UserDetail>(userKeys.detail(CLIENT_ID))?.Profile?.version).toBe(5),
      SLOW,
    );
  });

  it('offline, keeps the change on this device, shows it marked, and sends it when the network returns', async () => {
    const { user, form } = await openEditor();
    onlineManager.setOnline(false);
    expect(await within(form).findByText(SAVE_MESSAGES.offlineNotice, undefined, SLOW)).toBeTruthy();
    await user.type(within(form).getByLabelText('Occupation'), 'Architect');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Architect', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('Not yet on the server')).toBeTruthy();
    expect(patches()).toEqual([]);

    patchAnswers.push({ ...saved, occupation: 'Architect', version: 5 });
    onlineManager.setOnline(true);
    await waitFor(() => expect(patches()).toHaveLength(1), SLOW);
    expect(patches()[0]?.body).toEqual({ occupation: 'Architect' });
    await waitFor(() => expect(screen.queryByText('Not yet on the server')).toBeNull(), SLOW);
    expect(screen.getByText('Architect')).toBeTruthy();
  });

  it('keeps a change that met someone else’s, and says so on the profile', async () => {
    const { user, form } = await openEditor();
    const phone = within(form).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+15555550199');
    const theirs = { ...saved, phone_number: '+15555550177', version: 5 };
    patchAnswers.push(
      Response.json(
        { type: 'about:blank', title: 'Precondition Failed', status: 412, current_version: 5, current: theirs },
        { status: 412, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    const notice = await screen.findByRole('alert', { name: 'A change of yours is not saved' }, SLOW);
    expect(within(notice).getByText(/Someone else changed this record/)).toBeTruthy();
    // What the person typed stays in view, marked; nothing was overwritten.
    expect(screen.getByText('+15555550199')).toBeTruthy();
    expect(patches()).toHaveLength(1);
  });

  it('keeps a change the server refused, with the server’s reason', async () => {
    const { user, form } = await openEditor();
    await user.type(within(form).getByLabelText('City'), 'Pune');
    patchAnswers.push(problem(403, 'You may not change these fields of this profile.'));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    const notice = await screen.findByRole('alert', { name: 'A change of yours is not saved' }, SLOW);
    expect(within(notice).getByText(/You may not change these fields of this profile\./)).toBeTruthy();
  });

  it('offers every field of the table in its section, with its hint', async () => {
    sessionStore.set({
      authenticated: true,
      role: 'SUPER_ADMIN',
      username: SUPER.username,
      email: 'super@thrive.test',
    });
    const { form } = await openEditor(SUPER);
    const exactly = (label: string) => new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`);
    for (const section of PROFILE_SECTIONS) {
      const region = within(form).getByRole('region', { name: section.title });
      const labels = section.fields.map((field) =>
        ['lifestyle', 'family'].includes(fieldSpec(field).input)
          ? within(region).getByRole('group', { name: fieldSpec(field).label })
          : within(region).getByLabelText(exactly(fieldSpec(field).label)),
      );
      expect(labels, section.title).toHaveLength(section.fields.length);
    }
    expect(within(form).getByRole('textbox', { name: 'ABHA number', description: '14 digits.' })).toBeTruthy();
    expect(
      within(form).getByRole('textbox', { name: 'Phone', description: 'With country code, e.g. +15555550101' }),
    ).toBeTruthy();
    expect(
      within(form).getByRole('combobox', {
        name: 'Appointment duration',
        description: "How long this person's appointments are booked for.",
      }),
    ).toBeTruthy();
    const family = within(form).getByRole('group', { name: 'Family history' });
    expect(
      within(family).getByText('Conditions of parents, brothers and sisters, children and other relatives.'),
    ).toBeTruthy();
    const lifestyle = within(form).getByRole('group', { name: 'Lifestyle history' });
    expect(within(lifestyle).getByRole('radiogroup', { name: 'Diabetes' })).toBeTruthy();
  });

  it('shows a nurse only what its role reads, and inputs only for what it writes', async () => {
    // The API answers a nurse with the fields its role reads (minimum necessary).
    current = projectProfileFields(
      saved,
      profileReadFields({ id: NURSE.username, role: 'NURSE' }, { id: CLIENT_ID, role: 'CLIENT' }),
    );
    sessionStore.set({ authenticated: true, role: 'NURSE', username: NURSE.username, email: 'nurse@thrive.test' });
    const { form } = await openEditor(NURSE);
    expect(within(form).queryByRole('region', { name: 'Work and clinic' })).toBeNull();
    // The phone number of the client she may be asked to call, read-only; no other contact detail.
    const contact = within(form).getByRole('region', { name: 'Contact details' });
    expect(within(contact).getByText('+15555550112')).toBeTruthy();
    expect(within(contact).queryByRole('textbox')).toBeNull();
    expect(within(contact).queryByText('Address line 1')).toBeNull();
    expect(within(form).getByRole('textbox', { name: 'Story' })).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Emergency contact name' })).toBeTruthy();
    const personal = within(form).getByRole('region', { name: 'Personal details' });
    expect(within(personal).queryByRole('textbox')).toBeNull();
    expect(within(personal).getByText('Daniel')).toBeTruthy();
    expect(within(form).queryByRole('textbox', { name: 'ABHA number' })).toBeNull();
  });

  it('says "Not shown to your role" for each field and section a nurse’s role does not read', async () => {
    current = projectProfileFields(
      saved,
      profileReadFields({ id: NURSE.username, role: 'NURSE' }, { id: CLIENT_ID, role: 'CLIENT' }),
    );
    sessionStore.set({ authenticated: true, role: 'NURSE', username: NURSE.username, email: 'nurse@thrive.test' });
    await renderWithProviders(
      <Suspense fallback="Loading">
        <Harness viewer={NURSE} />
      </Suspense>,
    );
    const contact = await screen.findByRole('region', { name: 'Contact details' }, SLOW);
    expect(within(contact).getByText('+15555550112')).toBeTruthy();
    expect(within(contact).getByText('Address line 1').nextElementSibling?.textContent).toBe('Not shown to your role');
    const others = screen.getByRole('region', { name: 'Other sections' });
    expect(within(others).getByText('Work and clinic').nextElementSibling?.textContent).toBe('Not shown to your role');
    // An empty field the role reads is still "Not given".
    const emergency = screen.getByRole('region', { name: 'Emergency contact' });
    expect(within(emergency).getByText('Emergency contact name').nextElementSibling?.textContent).toBe('Not given');
  });

  it('checks the fields before sending anything', async () => {
    const { user, form } = await openEditor();
    await user.clear(within(form).getByLabelText(/^First name/));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Enter the first name', undefined, SLOW)).toBeTruthy();
    expect(patches()).toEqual([]);
  });

  it('lets a client change its contact details and story, but not its name or role', async () => {
    const { form } = await openEditor(CLIENT);
    expect(within(form).getByLabelText('Phone')).toBeTruthy();
    expect(within(form).getByLabelText('Story')).toBeTruthy();
    expect(within(form).queryByLabelText(/^First name/)).toBeNull();
    expect(within(form).getByText('Daniel')).toBeTruthy();
    expect(within(form).queryByRole('combobox', { name: 'Role' })).toBeNull();
    expect(screen.queryByLabelText('Role')).toBeNull();
  });
});
