// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, LOAD_ERROR_MESSAGES } from '@/lib/api';
import { renderWithTheme } from '@/test/render';
import { QueryErrorAlert } from './QueryErrorAlert';

describe('QueryErrorAlert', () => {
  it('says why the part could not be loaded, in an alert, with a way to try again', async () => {
    const onRetry = vi.fn();
    renderWithTheme(
      <QueryErrorAlert
        title="Messages could not be loaded"
        error={new ApiError(503, null, 'down')}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Messages could not be loaded');
    expect(alert.textContent).toContain(LOAD_ERROR_MESSAGES.server);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('takes a message of its own instead of the usual one', () => {
    renderWithTheme(
      <QueryErrorAlert
        title="Programs could not be loaded"
        error={new ApiError(403, null, 'no')}
        message="Only the care team sees programs."
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Only the care team sees programs.');
  });

  it('leaves an unreachable server to the shell’s one banner: a quiet line here, and Try again', async () => {
    const onRetry = vi.fn();
    renderWithTheme(
      <QueryErrorAlert
        title="Messages could not be loaded"
        error={ApiError.network(new TypeError())}
        onRetry={onRetry}
      />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(LOAD_ERROR_MESSAGES.network)).toBeNull();
    expect(screen.getByText('Messages could not be loaded while the clinic’s server cannot be reached.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('takes the failed query itself: its error, and Try again fetches it again', async () => {
    const refetch = vi.fn(() => Promise.resolve());
    const query = { error: new ApiError(503, null, 'down'), refetch, isFetching: false };
    const { rerender } = renderWithTheme(<QueryErrorAlert title="Messages could not be loaded" query={query} />);
    expect(screen.getByRole('alert').textContent).toContain(LOAD_ERROR_MESSAGES.server);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
    rerender(<QueryErrorAlert title="Messages could not be loaded" query={{ ...query, isFetching: true }} />);
    expect(screen.getByRole('button', { name: 'Try again' }).getAttribute('data-loading')).toBe('true');
  });
});
