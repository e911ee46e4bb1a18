// @vitest-environment happy-dom
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { loadRouteChunksOf } from './route-chunks';

function appWithLazyScreens() {
  const loaded: string[] = [];
  const lazyScreen = (name: string) =>
    lazyRouteComponent(() => {
      loaded.push(name);
      return Promise.resolve({ default: () => null });
    });
  let guarded = 0;
  const root = createRootRoute();
  const shell = createRoute({
    getParentRoute: () => root,
    id: '_authenticated',
    beforeLoad: () => {
      guarded += 1;
    },
    component: lazyScreen('shell'),
  });
  const hub = createRoute({ getParentRoute: () => shell, path: '/hub', component: lazyScreen('hub') });
  const home = createRoute({
    getParentRoute: () => shell,
    path: '/user/home/$clientId',
    loader: () => {
      guarded += 1;
    },
    component: lazyScreen('client home'),
  });
  const router = createRouter({
    routeTree: root.addChildren([shell.addChildren([hub, home])]),
    history: createMemoryHistory({ initialEntries: ['/unlock'] }),
  });
  return { router, loaded, guards: () => guarded };
}

describe('the code of the screen an unlock leads to', () => {
  it('loads for every route the path opens, and only those', async () => {
    const app = appWithLazyScreens();
    await loadRouteChunksOf(app.router, '/hub');
    expect(app.loaded).toEqual(['shell', 'hub']);
  });

  it('runs no guard and no loader of those routes (the person is still locked)', async () => {
    const app = appWithLazyScreens();
    await loadRouteChunksOf(app.router, '/user/home/client-7?tab=plan');
    expect(app.loaded).toEqual(['shell', 'client home']);
    expect(app.guards()).toBe(0);
  });
});
