// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { linkOptions } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PageFrame } from './PageFrame';

describe('PageFrame', () => {
  it('shows the trail, the title and what the screen is for', async () => {
    await renderWithProviders(
      <PageFrame
        title="Appointments"
        crumbs={[{ label: 'Hub', link: linkOptions({ to: '/hub' }) }, { label: 'Appointments' }]}
        purpose="Day and week views."
      >
        <p>content</p>
      </PageFrame>,
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Hub' }).getAttribute('href')).toBe('/hub');
    expect(within(trail).getByText('Appointments').getAttribute('aria-current')).toBe('page');
    expect(within(trail).queryByRole('link', { name: 'Appointments' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Appointments' })).toBeTruthy();
    expect(screen.getByText('Day and week views.')).toBeTruthy();
    expect(screen.getByText('content')).toBeTruthy();
  });
});
