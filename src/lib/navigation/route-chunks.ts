import type { AnyRouter } from '@tanstack/react-router';

/**
 * Fetches and evaluates the code of every route `href` opens (the signed-in shell's layout and the screen), without
 * running their guards or loaders: for a screen the person is about to be taken to, while they do something else
 * (type their password). From the service worker's cache on an installed app, so it works offline too.
 */
export async function loadRouteChunksOf(router: AnyRouter, href: string): Promise<void> {
  const { pathname } = new URL(href, window.location.origin);
  const [matched] = router.getMatchedRoutes(pathname);
  await Promise.all(matched.map((route) => router.loadRouteChunk(route) ?? Promise.resolve()));
}
