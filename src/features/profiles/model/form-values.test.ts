import { describe, expect, it } from 'vitest';
import { changedFields, formValuesOf } from './form-values';
import { placeholderProfile } from '@/features/people';
import type { Profile } from './profile';

const ID = '5f0c1c1e-1111-4222-8333-444455556666';
const base: Profile = {
  ...placeholderProfile(ID, 'client2@thrive.test'),
  first_name: 'Daniel',
  last_name: 'Okafor',
  phone_number: '+15555550112',
  client_story: 'Runs on weekends.',
  lifestyle_history: { sleep_hours: 7, tobacco: 'never' },
  version: 4,
};

describe('changedFields', () => {
  it('sends only the fields whose value differs from the version being edited', () => {
    expect(
      changedFields(base, {
        first_name: 'Daniel',
        phone_number: '+15555550199',
        client_story: 'Runs on weekends.',
        city: null,
        gender: null,
      }),
    ).toEqual({ phone_number: '+15555550199' });
  });

  it('sends a cleared field as null, and nothing at all when nothing changed', () => {
    expect(changedFields(base, { client_story: null })).toEqual({ client_story: null });
    expect(changedFields(base, {})).toEqual({});
  });

  it('compares histories by their answers, whatever their order', () => {
    expect(changedFields(base, { lifestyle_history: { tobacco: 'never', sleep_hours: 7 } })).toEqual({});
    expect(changedFields(base, { lifestyle_history: { sleep_hours: 7 } })).toEqual({
      lifestyle_history: { sleep_hours: 7 },
    });
  });

  it('sends a role only when it changes', () => {
    expect(changedFields(base, { role: 'CLIENT' })).toEqual({});
    expect(changedFields(base, { role: 'NURSE' })).toEqual({ role: 'NURSE' });
  });

  it('round-trips an untouched form to no changes', () => {
    const values = formValuesOf(base);
    expect(values.phone_number).toBe('+15555550112');
    expect(values.title).toBe('');
    expect(values.lifestyle_history).toEqual(base.lifestyle_history);
    expect(values.family_history).toEqual({});
  });
});
