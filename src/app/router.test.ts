// @vitest-environment happy-dom
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initApi } from '@/lib/api';
import { SIGNED_OUT, createSessionStore, type SessionState } from '@/lib/auth/session';
import { createQueryClient } from '@/lib/query/client';
import { isOfflineError } from '@/lib/query/offline';
import { createAppRouter, reloadOfflineScreensWhenOnline } from './router';

/**
 * The real route tree with a memory history: where each kind of user ends up
 * for `/`, unknown paths and another client's id (spec section 2). The
 * browser matrix (tests/e2e/routes.spec.ts) covers every route and role.
 */

const CLIENT = 'c-0001';
const OTHER_CLIENT = 'c-0002';

function signedIn(role: string | null, username = 'u-1'): SessionState {
  return { authenticated: true, role, username, email: `${username}@thrive.test` };
}

const fetch = vi.fn<(request: Request) => Promise<Response>>();

beforeEach(() => {
  fetch.mockReset();
  fetch.mockImplementation((request) => {
    const id = new URL(request.url).pathname.split('/').pop() ?? '';
    return Promise.resolve(Response.json({ Username: id, Profile: null, UserAttributes: [] }));
  });
  initApi({ baseUrl: 'http://thrive.test/api/v1', getAccessToken: () => Promise.resolve('a.b.c'), fetch });
});

async function land(session: SessionState, path: string) {
  const router = createAppRouter(
    {
      auth: createSessionStore(session),
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    },
    createMemoryHistory({ initialEntries: [path] }),
  );
  await router.load();
  return {
    path: router.state.location.pathname,
    search: router.state.location.search as Record<string, unknown>,
    requested: fetch.mock.calls.map(([request]) => new URL(request.url).pathname + new URL(request.url).search),
  };
}

describe('/ by role', () => {
  it.each([
    ['NURSE', '/hub'],
    ['RECEPTION', '/hub'],
    ['DOCTOR', '/hub'],
    ['HEALTH_COACH', '/hub'],
    ['NUTRITIONIST', '/hub'],
    ['SUPER_ADMIN', '/hub'],
    ['ADMIN', '/backoffice'],
  ])('%s goes to %s', async (role, path) => {
    expect((await land(signedIn(role), '/')).path).toBe(path);
  });

  it('a client goes to their own home', async () => {
    expect((await land(signedIn('CLIENT', CLIENT), '/')).path).toBe(`/user/home/${CLIENT}`);
  });

  it('signed out goes to /login', async () => {
    expect(await land(SIGNED_OUT, '/')).toMatchObject({ path: '/login', search: {} });
  });

  it('signed in without a role, or with an unknown one, goes to /unauthorized', async () => {
    expect((await land(signedIn(null), '/')).path).toBe('/unauthorized');
    expect((await land(signedIn('JANITOR'), '/')).path).toBe('/unauthorized');
  });
});

describe('unknown paths', () => {
  it('go to / and so on to the home of the role', async () => {
    expect((await land(signedIn('NURSE'), '/no/such/page')).path).toBe('/hub');
    expect((await land(signedIn('ADMIN'), '/user/home')).path).toBe('/backoffice');
    expect((await land(signedIn('CLIENT', CLIENT), '/client/acupuncture/x/visit/y')).path).toBe(`/user/home/${CLIENT}`);
  });
});

describe('guarded groups', () => {
  it('carry the requested location to /login and /unauthorized', async () => {
    expect(await land(SIGNED_OUT, '/appointments?day=2026-01-05')).toMatchObject({
      path: '/login',
      search: { redirect: '/appointments?day=2026-01-05' },
    });
    expect(await land(signedIn('ADMIN'), '/hub')).toMatchObject({
      path: '/unauthorized',
      search: { redirect: '/hub' },
    });
    expect(await land(signedIn('NURSE'), '/users')).toMatchObject({
      path: '/unauthorized',
      search: { redirect: '/users' },
    });
  });

  it("take a client on another client's id to their own home, without asking for the other's data", async () => {
    const { path, requested } = await land(signedIn('CLIENT', CLIENT), `/user/profile/${OTHER_CLIENT}`);
    expect(path).toBe(`/user/home/${CLIENT}`);
    expect(requested.some((url) => url.includes(OTHER_CLIENT))).toBe(false);
  });

  it('let SUPER_ADMIN open any client portal', async () => {
    expect((await land(signedIn('SUPER_ADMIN'), `/user/reports/${OTHER_CLIENT}`)).path).toBe(
      `/user/reports/${OTHER_CLIENT}`,
    );
  });
});

describe('the user list', () => {
  it('is never asked for by a client session', async () => {
    const { requested } = await land(signedIn('CLIENT', CLIENT), `/user/home/${CLIENT}`);
    // Home reads the client's own user (and its appointments and results), never the list.
    expect(requested).toContain(`/api/v1/users/users/${CLIENT}`);
    expect(requested.filter((path) => /^\/api\/v1\/users\/users(\?|$)/.test(path))).toEqual([]);
  });

  it('is prefetched for staff as the clients they may list', async () => {
    const { requested } = await land(signedIn('NURSE'), '/hub');
    expect(requested).toContain('/api/v1/users/users?role=CLIENT');
  });

  it('is prefetched for ADMIN whole', async () => {
    const { requested } = await land(signedIn('ADMIN'), '/backoffice');
    expect(requested).toContain('/api/v1/users/users');
  });

  it('is not fetched by a guard that refuses the role', async () => {
    const { requested } = await land(signedIn(null), '/discovery');
    expect(requested).toEqual([]);
  });
});

describe('/login when signed in', () => {
  it('goes on to a same-origin target', async () => {
    expect((await land(signedIn('NURSE'), '/login?redirect=%2Fappointments')).path).toBe('/appointments');
  });

  it.each(['//evil.example', 'https://evil.example', 'javascript:alert(1)'])(
    'ignores %s and goes to the home of the role',
    async (target) => {
      expect((await land(signedIn('NURSE'), `/login?redirect=${encodeURIComponent(target)}`)).path).toBe('/hub');
      expect((await land(signedIn('CLIENT', CLIENT), `/login?redirect=${encodeURIComponent(target)}`)).path).toBe(
        `/user/home/${CLIENT}`,
      );
    },
  );

  it('sends a user without a role on to /unauthorized', async () => {
    expect((await land(signedIn(null), '/login')).path).toBe('/unauthorized');
  });
});

describe('a screen opened offline that was never opened on this device', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
  });

  it('says so at once instead of loading forever, and loads by itself when the network returns', async () => {
    const queryClient = createQueryClient();
    queryClient.mount();
    const router = createAppRouter(
      { auth: createSessionStore(signedIn('NURSE')), queryClient },
      createMemoryHistory({ initialEntries: [`/client/${OTHER_CLIENT}/details`] }),
    );
    const stop = reloadOfflineScreensWhenOnline(router);
    const requested = () => fetch.mock.calls.map(([request]) => new URL(request.url).pathname);

    onlineManager.setOnline(false);
    await router.load();
    const failed = router.state.matches.filter((match) => match.status === 'error');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error).toSatisfy(isOfflineError);
    expect(requested()).toEqual([]);

    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(router.state.matches.every((match) => match.status === 'success')).toBe(true));
    expect(requested()).toContain(`/api/v1/users/users/${OTHER_CLIENT}`);
    expect(queryClient.getQueryData(['users', 'detail', OTHER_CLIENT])).toMatchObject({ Username: OTHER_CLIENT });
    stop();
    queryClient.unmount();
  });
});
