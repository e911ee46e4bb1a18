// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AREAS } from './nav-areas';
import { usePreloadedAreas } from './preload-areas';

const HUB = AREAS.filter((area) => area.link.to === '/hub');

function Shell() {
  usePreloadedAreas(HUB);
  return <p>Hub</p>;
}

describe('the areas the navigation offers', () => {
  it('have their code loaded once the page is idle', async () => {
    const { router } = await renderWithProviders(<Shell />, { path: '/hub' });
    const load = vi.spyOn(router, 'loadRouteChunk');
    expect(await screen.findByText('Hub')).toBeTruthy();

    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledWith(router.routesByPath['/hub' as keyof typeof router.routesByPath]);
  });
});
