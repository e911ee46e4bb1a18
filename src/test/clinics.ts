import type { components } from '@contract';

type Clinic = components['schemas']['Clinic'];

/** A clinic as `GET /clinics` answers it, with no contacts or opening hours unless given: the component tests' own. */
export function testClinic(fields: Partial<Clinic> & Pick<Clinic, 'id' | 'name' | 'time_zone'>): Clinic {
  return {
    opening_hours: [],
    phone: null,
    email: null,
    address: null,
    privacy_email: null,
    emergency_number: null,
    ...fields,
  };
}
