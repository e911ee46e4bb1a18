/**
 * The guarded routes of spec section 2, with the demo records their ids name
 * and the heading each screen shows, and the demo account of each role: the
 * list the route specs walk (routes.spec.ts, finish.spec.ts).
 */
import type { components } from '@contract';
import { stableUuid } from '../../scripts/demo/stable-id.ts';

/** Someone at the app: signed out, signed in without a role, or in one of the roles of spec section 6. */
export type Who = 'signed out' | 'no role' | components['schemas']['Role'];

export const EMAIL: Record<Exclude<Who, 'signed out'>, string> = {
  'no role': 'norole@thrive.test',
  SUPER_ADMIN: 'super@thrive.test',
  ADMIN: 'admin@thrive.test',
  NURSE: 'nurse@thrive.test',
  RECEPTION: 'reception@thrive.test',
  DOCTOR: 'doctor@thrive.test',
  HEALTH_COACH: 'coach@thrive.test',
  NUTRITIONIST: 'nutrition@thrive.test',
  // client2 has given HIPAA consent, so no consent modal stands over the portal.
  CLIENT: 'client2@thrive.test',
};

/** Demo ids are deterministic (scripts/demo/accounts.ts): the identity username derives from the e-mail. */
export const idOf = (email: string) => stableUuid(`thrive-demo:${email}`);

export const CLIENT_ID = idOf('client2@thrive.test');
export const CLIENT_NAME = 'Daniel Okafor';
export const OTHER_CLIENT_ID = idOf('client@thrive.test');
/** Metabolic Reset: program ids are fixed by migration 008. */
export const PROGRAM_ID = '9961680d-eee8-4518-b9a6-e548439ec94f';
/** No visit has this id: the visit screens are frames that take any id, and say so. */
export const VISIT_ID = '3f8a2c54-6b1d-4e9a-9c2f-5d7e8f901234';
export const STAFF_ID = idOf('nurse@thrive.test');

export type Group = 'portal' | 'another client' | 'staff' | 'admin';

/** Every guarded route of spec section 2 with the heading its screen shows. */
export const ROUTES: readonly { group: Group; path: string; heading: string }[] = [
  { group: 'portal', path: `/user/home/${CLIENT_ID}`, heading: 'Home' },
  { group: 'portal', path: `/user/reports/${CLIENT_ID}`, heading: 'Reports' },
  { group: 'portal', path: `/user/profile/${CLIENT_ID}`, heading: 'Profile' },
  { group: 'portal', path: `/user/thrive-onboard/${CLIENT_ID}`, heading: 'Thrive onboarding' },
  { group: 'portal', path: `/user/book-test/${CLIENT_ID}`, heading: 'Book a test' },
  { group: 'portal', path: `/user/thrive-check/${CLIENT_ID}`, heading: 'Thrive check' },
  { group: 'portal', path: `/user/cognitive-assessment/${CLIENT_ID}`, heading: 'Cognitive assessment' },
  { group: 'portal', path: `/user/intake-call/${CLIENT_ID}`, heading: 'Intake call' },
  { group: 'portal', path: `/user/in-clinic/${CLIENT_ID}`, heading: 'In-clinic visits' },
  { group: 'portal', path: `/user/support/${CLIENT_ID}`, heading: 'Support' },
  { group: 'another client', path: `/user/home/${OTHER_CLIENT_ID}`, heading: 'Home' },
  { group: 'another client', path: `/user/reports/${OTHER_CLIENT_ID}`, heading: 'Reports' },
  { group: 'another client', path: `/user/profile/${OTHER_CLIENT_ID}`, heading: 'Profile' },
  { group: 'staff', path: '/hub', heading: 'Hub' },
  { group: 'staff', path: '/thrive-dashboard', heading: 'Thrive dashboard' },
  { group: 'staff', path: `/thrive-dashboard/${PROGRAM_ID}`, heading: 'Metabolic Reset' },
  { group: 'staff', path: '/appointments', heading: 'Appointments' },
  { group: 'staff', path: '/discovery', heading: 'Discovery' },
  { group: 'staff', path: `/client/discovery/${CLIENT_ID}`, heading: CLIENT_NAME },
  { group: 'staff', path: `/client/discovery/${CLIENT_ID}/visit/${VISIT_ID}`, heading: `Visit of ${CLIENT_NAME}` },
  { group: 'staff', path: `/client/iv/${CLIENT_ID}/visit/${VISIT_ID}`, heading: 'IV therapy visit' },
  { group: 'staff', path: `/client/hbot/${CLIENT_ID}/visit/${VISIT_ID}`, heading: 'HBOT visit' },
  { group: 'staff', path: `/client/pet/${CLIENT_ID}/visit/${VISIT_ID}`, heading: 'PEMF visit' },
  { group: 'staff', path: `/client/red_light/${CLIENT_ID}/visit/${VISIT_ID}`, heading: 'Red light therapy visit' },
  { group: 'staff', path: `/client/fir/${CLIENT_ID}/visit/${VISIT_ID}`, heading: 'FIR sauna visit' },
  { group: 'staff', path: `/client/${CLIENT_ID}/details`, heading: `Details of ${CLIENT_NAME}` },
  { group: 'staff', path: `/client/${CLIENT_ID}/profile`, heading: `Profile of ${CLIENT_NAME}` },
  { group: 'admin', path: '/backoffice', heading: 'Backoffice' },
  { group: 'admin', path: '/users', heading: 'Users' },
  { group: 'admin', path: `/users/${STAFF_ID}`, heading: 'Nina Thomas' },
];
