// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { UnauthorizedPage } from './UnauthorizedPage';

describe('UnauthorizedPage', () => {
  it("shows the heading, the spec's text and the support address as a mailto link", async () => {
    await renderWithProviders(<UnauthorizedPage supportEmail="super@thrive.test" />, { path: '/unauthorized' });
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'super@thrive.test' });
    expect(link.getAttribute('href')).toBe('mailto:super@thrive.test');
    expect(link.parentElement?.textContent).toBe(
      'You are unauthorized to access this page. If you think this is a mistake, please email super@thrive.test',
    );
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});
