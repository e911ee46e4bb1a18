/**
 * Minimum necessary, field by field: every staff role against every profile
 * field of a client, read and write. The expected sections are written out by
 * hand here (not read from openapi/access/rules.ts), so a slip in the access table
 * shows up:
 * - reception: demographics, contact and scheduling (personal, contact,
 *   emergency, work, care), read and write;
 * - admin: identity and administration (personal, contact, work), read and write;
 * - nurse: reads personal, emergency contact, care, health journey and health
 *   ids, and the phone number (she is the one asked to call); writes the
 *   emergency contact and the health journey;
 * - doctor: reads the same; writes the health journey and health ids;
 * - health coach and nutritionist: read personal, care and the health
 *   journey, and the phone number; write the health journey;
 * - super admin: everything.
 * Whoever reads a profile reads who it is (ids, names, e-mail, role), its
 * consent and its version.
 */
import { describe, expect, it } from 'vitest';
import { PROFILE_FIELD_NAMES, fieldsOfSection, type ProfileField } from '@contract';
import type { ProfileSectionId } from '@contract';
import { generateClients } from '../../scripts/demo/clients.ts';
import { api, stack, type Problem, type Schemas, type Actor, CURRENT } from '../support/api-client.ts';

type Profile = Schemas['Profile'];

/** A generated client of this file's own: every field of it is written here. */
const CLIENT = generateClients(stack.generatedClients).at(-6)!;

const ALL: ProfileSectionId[] = ['personal', 'contact', 'emergency', 'work', 'care', 'health', 'ids'];
const MATRIX: Record<
  Exclude<Actor, 'client' | 'client2' | 'norole'>,
  { read: ProfileSectionId[]; alsoRead?: ProfileField[]; write: ProfileSectionId[] }
> = {
  super: { read: ALL, write: ALL },
  admin: { read: ['personal', 'contact', 'work'], write: ['personal', 'contact', 'work'] },
  reception: {
    read: ['personal', 'contact', 'emergency', 'work', 'care'],
    write: ['personal', 'contact', 'emergency', 'work', 'care'],
  },
  nurse: {
    read: ['personal', 'emergency', 'care', 'health', 'ids'],
    alsoRead: ['phone_number'],
    write: ['emergency', 'health'],
  },
  doctor: {
    read: ['personal', 'emergency', 'care', 'health', 'ids'],
    alsoRead: ['phone_number'],
    write: ['health', 'ids'],
  },
  coach: { read: ['personal', 'care', 'health'], alsoRead: ['phone_number'], write: ['health'] },
  nutrition: { read: ['personal', 'care', 'health'], alsoRead: ['phone_number'], write: ['health'] },
};
const ROLES = Object.keys(MATRIX) as (keyof typeof MATRIX)[];

/** Keys every reader of a profile gets. */
const ALWAYS = [
  'user_profile_id',
  'client_id',
  'first_name',
  'last_name',
  'email',
  'role',
  'hipaa_consent',
  'hipaa_consent_date',
  'hipaa_consent_version',
  'version',
  'created_at',
  'updated_at',
];

/** The keys a role's answer holds: the ones it reads, and no other. */
function keysFor(role: keyof typeof MATRIX): string[] {
  return [
    ...new Set([...ALWAYS, ...MATRIX[role].read.flatMap(fieldsOfSection), ...(MATRIX[role].alsoRead ?? [])]),
  ].sort();
}

/** A value the contract takes for each field (so a refusal can only be the role's). */
const VALUES: Record<ProfileField, unknown> = {
  title: 'Dr',
  first_name: 'Field',
  last_name: 'Matrix',
  gender: 'F',
  date_of_birth: '1980-05-17',
  profile_picture: 'https://photos.thrive.test/field-matrix.jpg',
  phone_number: '+15555550160',
  alternate_phone: '+15555550161',
  alternate_email: 'field.matrix@example.test',
  preferred_contact_method: 'email',
  address_line_1: '1 Matrix Road',
  address_line_2: 'Flat 2',
  city: 'Mysuru',
  state: 'Karnataka',
  zipcode: '570001',
  country: 'India',
  emergency_contact_name: 'Em Contact',
  emergency_contact_relation: 'Sister',
  emergency_contact_number: '+15555550162',
  occupation: 'Potter',
  organization: 'Clay Works',
  clinic: 'Thrive Bengaluru',
  appointment_duration: '00:45:00',
  health_goals: 'Sleep well',
  client_story: 'Started running',
  lifestyle_history: { sleep_hours: 6, stress: 'moderate' },
  family_history: { relatives: [{ relative: 'father', conditions: ['diabetes'] }] },
  abha_number: '12345678901234',
  aadhar_number: '123456789012',
};

describe('a client’s profile, role by role and field by field', () => {
  it('has a value for every field of the table', () => {
    expect(Object.keys(VALUES).sort()).toEqual([...PROFILE_FIELD_NAMES].sort());
  });

  describe.each(ROLES)('as %s', (role) => {
    it('reads exactly the fields of its sections', async () => {
      const answer = await api<Profile>('GET', `/users/user-profiles/${CLIENT.id}`, { as: role });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(keysFor(role));
      const detail = await api<Schemas['UserDetail']>('GET', `/users/users/${CLIENT.id}`, { as: role });
      expect(Object.keys(detail.body.Profile ?? {}).sort()).toEqual(keysFor(role));
    });

    const written = MATRIX[role].write.flatMap(fieldsOfSection);
    const change = (field: ProfileField) =>
      api<Profile | Problem>('PATCH', `/users/user-profiles/${CLIENT.id}`, {
        as: role,
        ifMatch: CURRENT,
        body: { [field]: VALUES[field] },
      });

    it.each(written)('writes %s (a section of its role)', async (field) => {
      const answer = await change(field);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // The answer is projected too.
      expect(Object.keys(answer.body).sort()).toEqual(keysFor(role));
    });

    it.each(PROFILE_FIELD_NAMES.filter((field) => !written.includes(field)))(
      'may not write %s (403 naming it)',
      async (field) => {
        const answer = await change(field);
        expect(answer.status).toBe(403);
        expect((answer.body as Problem).errors?.map((error) => error.field)).toEqual([`body.${field}`]);
      },
    );
  });

  it('names every field a write may not touch, all at once', async () => {
    const answer = await api<Problem>('PATCH', `/users/user-profiles/${CLIENT.id}`, {
      as: 'reception',
      ifMatch: CURRENT,
      body: { city: 'Pune', client_story: 'x', abha_number: '12345678901234' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.errors?.map((error) => error.field).sort()).toEqual(['body.abha_number', 'body.client_story']);
  });

  it('shows a stale write the record as the role may read it', async () => {
    const stale = await api<Problem>('PATCH', `/users/user-profiles/${CLIENT.id}`, {
      as: 'reception',
      ifMatch: '"1"',
      body: { city: 'Udupi' },
    });
    expect(stale.status).toBe(412);
    expect(Object.keys(stale.body.current ?? {}).sort()).toEqual(keysFor('reception'));
  });

  it('lists phone numbers to the roles that read contact details or call clients, the clinic to the first only', async () => {
    const search = (as: Actor) =>
      api<Schemas['UserList']>('POST', '/users/users/search', { as, body: { search: CLIENT.email } });
    const [byReception, byNurse] = await Promise.all([search('reception'), search('nurse')]);
    expect(byReception.body.results.map((user) => [user.id, typeof user.phone_number])).toEqual([
      [CLIENT.id, 'string'],
    ]);
    expect(byNurse.body.results).toHaveLength(1);
    expect(typeof byNurse.body.results[0]?.phone_number).toBe('string');
    expect(byNurse.body.results[0]).not.toHaveProperty('clinic');
    // Names, as whoever may list a user reads them (this file has changed the client's).
    const profile = await api<Profile>('GET', `/users/user-profiles/${CLIENT.id}`, { as: 'super' });
    expect(byNurse.body.results[0]?.first_name).toBe(profile.body.first_name);
    expect(byNurse.body.results[0]?.last_name).toBe(profile.body.last_name);
  });
});
