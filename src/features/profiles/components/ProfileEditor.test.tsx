// @vitest-environment jsdom
import { onlineManager, useSuspenseQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, problem, type FakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { userDetailQueryOptions, userKeys } from '@/features/users';
import { type Profile } from '../model/profile';
import { placeholderProfile, profileOf, type UserDetail } from '@/features/users';
import { PROFILE_SECTIONS, fieldSpec } from '../model/fields';
import { SAVE_MESSAGES } from '../model/save-errors';
import { CONFLICT_TITLE } from './ConflictNotice';
import { ProfileEditor, type Viewer } from './ProfileEditor';

const CLIENT_ID = '5f0c1c1e-1111-4222-8333-444455556666';
const ADMIN: Viewer = { id: '5f0c1c1e-9999-4222-8333-444455556666', role: 'ADMIN' };
const CLIENT: Viewer = { id: CLIENT_ID, role: 'CLIENT' };
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
/** What the next PATCH answers (in order); GET user-profiles answers `current`. */
let patchAnswers: Response[];
let current: Profile;

beforeEach(() => {
  patchAnswers = [];
  current = saved;
  api = installFakeApi({
    'GET /users/users/{id}': () => ({ Username: CLIENT_ID, Profile: saved, UserAttributes: [] }),
    'GET /users/user-profiles/{id}': () => current,
    'PATCH /users/user-profiles/{id}': () => patchAnswers.shift() ?? problem(500, 'No answer prepared'),
  });
});

afterEach(() => onlineManager.setOnline(true));

function Harness({ viewer }: { viewer: Viewer }) {
  const { data } = useSuspenseQuery(userDetailQueryOptions(CLIENT_ID));
  return <ProfileEditor shown={profileOf(data)} viewer={viewer} roleChange />;
}

async function openEditor(viewer: Viewer = ADMIN) {
  // No pause between key presses: the form is large, and jsdom slow to redraw it.
  const user = userEvent.setup({ delay: null });
  const view = await renderWithProviders(
    <Suspense fallback="Loading">
      <Harness viewer={viewer} />
    </Suspense>,
  );
  await user.click(await screen.findByRole('button', { name: 'Edit profile' }, SLOW));
  const form = await screen.findByRole('form', { name: 'Edit profile' }, SLOW);
  return { user, form, ...view };
}

const patches = () =>
  api.callsTo('PATCH /users/user-profiles/{id}').map((call) => ({
    path: call.path,
    ifMatch: call.headers.get('If-Match'),
    body: call.body,
  }));

// A whole profile form in jsdom, typed into key by key: slow on a busy two-core machine.
describe('ProfileEditor', { timeout: 40_000 }, () => {
  it('saves only the changed fields, with If-Match on the version edited, and updates the cached user', async () => {
    const { user, form, queryClient } = await openEditor();
    const phone = within(form).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+1 555 555 0199');
    patchAnswers.push(Response.json({ ...saved, phone_number: '+15555550199', version: 5 }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    // Back to the read-only view, showing the saved number.
    expect(await screen.findByText('+15555550199', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Edit profile' })).toBeNull();
    expect(patches()).toEqual([
      {
        path: `/users/user-profiles/${CLIENT_ID}`,
        ifMatch: '"4"',
        body: { phone_number: '+15555550199' },
      },
    ]);
    expect(queryClient.getQueryData<UserDetail>(userKeys.detail(CLIENT_ID))?.Profile?.version).toBe(5);
  });

  it('on a conflict loads the current values, lists the person’s differing changes and lets them re-apply', async () => {
    const { user, form } = await openEditor();
    const phone = within(form).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+15555550199');
    current = { ...saved, phone_number: '+15555550177', client_story: 'Swims now.', version: 5 };
    patchAnswers.push(problem(412, 'The profile has changed since the version you edited'));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert', { name: CONFLICT_TITLE }, SLOW);
    expect(within(alert).getByText('Now: +15555550177')).toBeTruthy();
    expect(within(alert).getByText('Yours: +15555550199')).toBeTruthy();
    // The form shows the profile as it is now, the other person's story included.
    expect(within(form).getByLabelText<HTMLInputElement>('Phone').value).toBe('+15555550177');
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Story').value).toBe('Swims now.');

    await user.click(within(alert).getByRole('button', { name: 'Use yours for Phone' }));
    expect(within(form).getByLabelText<HTMLInputElement>('Phone').value).toBe('+15555550199');
    expect(screen.queryByText(CONFLICT_TITLE)).toBeNull();

    patchAnswers.push(Response.json({ ...current, phone_number: '+15555550199', version: 6 }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches()).toHaveLength(2), SLOW);
    expect(patches()[1]).toMatchObject({ ifMatch: '"5"', body: { phone_number: '+15555550199' } });
  });

  it('shows the server’s field errors on the fields', async () => {
    const { user, form } = await openEditor();
    await user.type(within(form).getByLabelText('City'), 'Pune');
    patchAnswers.push(
      problem(400, 'The request does not match the API contract.', [
        { field: 'body.city', message: 'must NOT have more than 200 characters' },
      ]),
    );
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Must NOT have more than 200 characters', undefined, SLOW)).toBeTruthy();
    expect(within(form).getByLabelText('City').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('alert')).toHaveProperty('textContent', SAVE_MESSAGES.refused);
  });

  it('offers every field of the table in its section, with its hint', async () => {
    const { form } = await openEditor();
    const exactly = (label: string) => new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`);
    for (const section of PROFILE_SECTIONS) {
      const region = within(form).getByRole('region', { name: section.title });
      const labels = section.fields.map((field) =>
        fieldSpec(field).input === 'history'
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
      within(family).getByText('Topics and answers, e.g. Father: type 2 diabetes; Mother: high blood pressure.'),
    ).toBeTruthy();
  });

  it('checks the fields before sending anything', async () => {
    const { user, form } = await openEditor();
    await user.clear(within(form).getByLabelText(/^First name/));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Enter the first name', undefined, SLOW)).toBeTruthy();
    expect(patches()).toEqual([]);
  });

  it('offline, says saving needs the network and keeps what was typed', async () => {
    const { user, form } = await openEditor();
    await user.type(within(form).getByLabelText('Occupation'), 'Architect');
    onlineManager.setOnline(false);
    expect(await within(form).findByText(SAVE_MESSAGES.offlineNotice, undefined, SLOW)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText(SAVE_MESSAGES.offline, undefined, SLOW)).toBeTruthy();
    expect(patches()).toEqual([]);
    expect(within(form).getByLabelText<HTMLInputElement>('Occupation').value).toBe('Architect');
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
