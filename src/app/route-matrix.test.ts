// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initApi } from '@/lib/api';
import { SIGNED_OUT, createSessionStore, type SessionState } from '@/lib/auth/session';
import { createAppRouter } from './router';

/**
 * Every route of spec section 2 against every role of section 6, through the
 * guarded-route gate of section 4, on the real route tree. The expected
 * outcomes are written out here by hand from the spec; they are deliberately
 * not read from the app's role table, so a wrong table fails this file. (The
 * browser checks a sample of these, and what a person sees, in
 * tests/e2e/routes.spec.ts.)
 */

type Who =
  | 'signed out'
  | 'no role'
  | 'SUPER_ADMIN'
  | 'ADMIN'
  | 'NURSE'
  | 'RECEPTION'
  | 'DOCTOR'
  | 'HEALTH_COACH'
  | 'NUTRITIONIST'
  | 'CLIENT';

const CLIENT_ID = '5f0c1c1e-1111-4222-8333-000000000001';
const OTHER_CLIENT_ID = '5f0c1c1e-1111-4222-8333-000000000002';
const ID = '3f8a2c54-6b1d-4e9a-9c2f-5d7e8f901234';

/** `chart`: the therapy visit screens, where visits are charted (by nurses and doctors, PRODUCT.md section 3). */
type Group = 'portal' | 'another client' | 'staff' | 'chart' | 'admin';

const PORTAL = ['home', 'reports', 'profile', 'thrive-onboard', 'book-test', 'thrive-check', 'cognitive-assessment'];
const ROUTES: readonly { group: Group; path: string }[] = [
  ...[...PORTAL, 'intake-call', 'in-clinic', 'support'].map((screen) => ({
    group: 'portal' as const,
    path: `/user/${screen}/${CLIENT_ID}`,
  })),
  ...['home', 'reports', 'profile'].map((screen) => ({
    group: 'another client' as const,
    path: `/user/${screen}/${OTHER_CLIENT_ID}`,
  })),
  ...[
    '/hub',
    '/thrive-dashboard',
    `/thrive-dashboard/${ID}`,
    '/appointments',
    '/discovery',
    `/client/discovery/${CLIENT_ID}`,
    `/client/discovery/${CLIENT_ID}/visit/${ID}`,
    `/client/${CLIENT_ID}/details`,
    `/client/${CLIENT_ID}/profile`,
  ].map((path) => ({ group: 'staff' as const, path })),
  ...['iv', 'hbot', 'pet', 'red_light', 'fir'].map((therapy) => ({
    group: 'chart' as const,
    path: `/client/${therapy}/${CLIENT_ID}/visit/${ID}`,
  })),
  ...['/backoffice', '/users', `/users/${ID}`].map((path) => ({ group: 'admin' as const, path })),
];

/** `visit record`: a visit's chart, for a role that does not chart, opens the visit's record instead. */
type Outcome = 'enter' | 'login' | 'unauthorized' | 'own home' | 'visit record';

const CLINICIAN = {
  portal: 'unauthorized',
  'another client': 'unauthorized',
  staff: 'enter',
  chart: 'enter',
  admin: 'unauthorized',
};
const HUB_STAFF = { ...CLINICIAN, chart: 'visit record' };

const EXPECTED: Record<Who, Record<Group, Outcome>> = {
  'signed out': { portal: 'login', 'another client': 'login', staff: 'login', chart: 'login', admin: 'login' },
  'no role': {
    portal: 'unauthorized',
    'another client': 'unauthorized',
    staff: 'unauthorized',
    chart: 'unauthorized',
    admin: 'unauthorized',
  },
  SUPER_ADMIN: { portal: 'enter', 'another client': 'enter', staff: 'enter', chart: 'enter', admin: 'enter' },
  ADMIN: {
    portal: 'unauthorized',
    'another client': 'unauthorized',
    staff: 'unauthorized',
    chart: 'unauthorized',
    admin: 'enter',
  },
  NURSE: CLINICIAN as Record<Group, Outcome>,
  RECEPTION: HUB_STAFF as Record<Group, Outcome>,
  DOCTOR: CLINICIAN as Record<Group, Outcome>,
  HEALTH_COACH: HUB_STAFF as Record<Group, Outcome>,
  NUTRITIONIST: HUB_STAFF as Record<Group, Outcome>,
  CLIENT: {
    portal: 'enter',
    'another client': 'own home',
    staff: 'unauthorized',
    chart: 'unauthorized',
    admin: 'unauthorized',
  },
};

/** Where `/` and paths that are not routes take each of them (spec section 2). */
const HOME: Record<Who, string> = {
  'signed out': '/login',
  'no role': '/unauthorized',
  SUPER_ADMIN: '/hub',
  ADMIN: '/backoffice',
  NURSE: '/hub',
  RECEPTION: '/hub',
  DOCTOR: '/hub',
  HEALTH_COACH: '/hub',
  NUTRITIONIST: '/hub',
  CLIENT: `/user/home/${CLIENT_ID}`,
};
const UNKNOWN_PATHS = ['/', '/no-such-page', '/user/home', '/client/acupuncture/x/visit/y', '/users/a/b'];

function sessionOf(who: Who): SessionState {
  if (who === 'signed out') return SIGNED_OUT;
  const role = who === 'no role' ? null : who;
  const username = who === 'CLIENT' ? CLIENT_ID : '5f0c1c1e-9999-4222-8333-000000000009';
  return { authenticated: true, role, username, email: 'someone@thrive.test' };
}

beforeEach(() => {
  // The gate's 150 ms pass at once; loaders meet an API that knows no one (only where the user lands counts here).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  initApi({
    baseUrl: 'http://thrive.test/api/v1',
    getAccessToken: () => Promise.resolve('a.b.c'),
    fetch: () => Promise.resolve(Response.json({ title: 'Not Found', status: 404 }, { status: 404 })),
  });
});

afterEach(() => {
  vi.useRealTimers();
});

async function land(who: Who, path: string) {
  const router = createAppRouter(
    {
      auth: createSessionStore(sessionOf(who)),
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    },
    createMemoryHistory({ initialEntries: [path] }),
  );
  const loading = router.load();
  await vi.runAllTimersAsync();
  await loading;
  return { path: router.state.location.pathname, search: router.state.location.search as { redirect?: string } };
}

function expectedLanding(path: string, outcome: Outcome) {
  switch (outcome) {
    case 'enter':
      return { path, search: {} };
    case 'own home':
      return { path: `/user/home/${CLIENT_ID}`, search: {} };
    case 'visit record':
      return { path: `/client/discovery/${CLIENT_ID}/visit/${ID}`, search: {} };
    case 'login':
    case 'unauthorized':
      // The requested location is carried, to be restored after sign-in.
      return { path: `/${outcome}`, search: { redirect: path } };
  }
}

describe.each(Object.keys(EXPECTED) as Who[])('%s', (who) => {
  it.each(ROUTES.map((route) => [route.path, route.group] as const))('at %s (%s)', async (path, group) => {
    const landed = await land(who, path);
    expect(landed).toMatchObject(expectedLanding(path, EXPECTED[who][group]));
  });

  it(`goes from / and unknown paths to ${HOME[who]}`, async () => {
    for (const path of UNKNOWN_PATHS) expect((await land(who, path)).path, path).toBe(HOME[who]);
  });
});
