import { describe, expect, it } from 'vitest';
import type { components } from '@contract';
import { describeChange } from './recent-changes';

type AuditEvent = components['schemas']['AuditEvent'];

const CREATE: AuditEvent = {
  id: 41,
  at: '2026-05-01T11:55:00.000Z',
  actor_id: '5f0c1c1e-9999-4222-8333-444455556666',
  actor_email: 'admin@thrive.test',
  action: 'users.create',
  resource_type: 'user',
  resource_id: '5f0c1c1e-2222-4222-8333-444455556666',
  subject_id: '5f0c1c1e-2222-4222-8333-444455556666',
  subject_email: 'lena@thrive.test',
  outcome: 'success',
  fields: [],
  device_id: null,
  status: null,
  route: null,
  repeats: 1,
  source: null,
};

describe('describeChange', () => {
  it('says who did what to whom', () => {
    expect(describeChange(CREATE)).toEqual({
      who: 'admin@thrive.test',
      what: 'created the account of',
      whom: 'lena@thrive.test',
      outcome: null,
    });
  });

  it('names the fields of a profile change, never their values', () => {
    const line = describeChange({
      ...CREATE,
      action: 'profiles.update',
      resource_type: 'profile',
      fields: ['phone_number', 'client_story', 'clinic'],
    });
    expect(line.what).toBe('changed phone number, client story and clinic on the profile of');
  });

  it('speaks of a deleted user, whose e-mail the API no longer holds', () => {
    expect(describeChange({ ...CREATE, action: 'users.delete', subject_email: null }).whom).toBe(
      'a user no longer in Thrive',
    );
  });

  it('marks a change that did not go through, even one that never got a subject', () => {
    expect(
      describeChange({ ...CREATE, outcome: 'denied', resource_id: null, subject_id: null, subject_email: null }),
    ).toMatchObject({ what: 'created the account of', whom: 'a user', outcome: 'Refused' });
  });
});
