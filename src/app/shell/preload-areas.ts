import { useRouter, type AnyRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { whenIdle } from '@/lib/when-idle';
import type { NavArea } from './nav-areas';

/**
 * Once the page is idle, loads the code of every area the navigation offers,
 * so a first visit to one is a render rather than a download and a compile
 * on a slow tablet. Code only: the data an area reads (and the audit record
 * of that read) waits until the person goes there or points at its link.
 */
export function usePreloadedAreas(areas: readonly NavArea[]): void {
  const router = useRouter();
  // The same areas on every render of the shell: one load, not one a render.
  const paths = areas.map((area) => area.link.to).join(' ');
  useEffect(() => {
    if (paths === '') return;
    return whenIdle(() => {
      for (const path of paths.split(' ')) {
        const route = router.routesByPath[path as keyof typeof router.routesByPath] as AnyRoute | undefined;
        if (route) void router.loadRouteChunk(route);
      }
    }, 3000);
  }, [paths, router]);
}
