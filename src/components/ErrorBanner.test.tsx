// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '@/test/render';
import {
  ErrorBannerArea,
  createPageErrorStore,
  usePageError,
  type PageError,
  type PageErrorStore,
} from './ErrorBannerArea';

function renderArea(ui?: React.ReactNode) {
  const store = createPageErrorStore();
  const view = renderWithTheme(
    <>
      <ErrorBannerArea store={store} />
      {ui}
    </>,
  );
  return { ...view, store };
}

const UNREACHABLE = { message: 'Network error: Unable to connect to the API server.' };

describe('the page error banners', () => {
  it('shows nothing while nothing is wrong', () => {
    renderArea();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a raised error with its title, and puts it aside on Dismiss', async () => {
    const { store } = renderArea();
    act(() => void store.raise({ title: 'Your profile could not be loaded', message: 'Server error: try later.' }));
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain('Your profile could not be loaded');
    expect(banner.textContent).toContain('Server error: try later.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows one banner for one message, however many report it, with the title one of them gave', () => {
    const { store } = renderArea();
    act(() => {
      store.raise(UNREACHABLE);
      store.raise({ title: 'This client could not be loaded', ...UNREACHABLE });
      store.raise({ title: 'This user could not be loaded', ...UNREACHABLE });
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toContain('This client could not be loaded');
  });

  it('keeps a dismissed message away while it lasts, and shows it again when raised anew', async () => {
    const { store } = renderArea();
    act(() => void store.raise(UNREACHABLE));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void store.raise(UNREACHABLE));
    expect(screen.getByRole('alert').textContent).toContain(UNREACHABLE.message);
  });

  it('goes when its source withdraws it, and stays while another source still reports it', () => {
    const { store } = renderArea();
    let withdrawFirst = () => undefined as void;
    let withdrawSecond = () => undefined as void;
    act(() => {
      withdrawFirst = store.raise(UNREACHABLE);
      withdrawSecond = store.raise({ title: 'This user could not be loaded', ...UNREACHABLE });
    });
    act(() => withdrawFirst());
    expect(screen.getByRole('alert').textContent).toContain('This user could not be loaded');
    act(() => withdrawSecond());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('usePageError', () => {
  type Props = { error: PageError | null; cause?: unknown };

  function Failing({ error, cause, store }: Props & { store: PageErrorStore }) {
    usePageError(error, cause, store);
    return null;
  }

  function renderFailing(props: Props) {
    const store = createPageErrorStore();
    const tree = (next: Props) => (
      <>
        <ErrorBannerArea store={store} />
        <Failing {...next} store={store} />
      </>
    );
    const view = renderWithTheme(tree(props));
    return { store, rerender: (next: Props) => view.rerender(tree(next)), unmount: view.unmount };
  }

  it('shows the error while the component is on screen, and withdraws it when it goes', () => {
    const { store, unmount } = renderFailing({ error: { message: 'Server error' } });
    expect(screen.getByRole('alert').textContent).toContain('Server error');
    unmount();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('shows nothing for null', () => {
    renderFailing({ error: null });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a re-render keeps a dismissed banner away; a new cause shows it again', async () => {
    const first = new Error('first');
    const { rerender } = renderFailing({ error: { message: 'Server error' }, cause: first });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    rerender({ error: { message: 'Server error' }, cause: first });
    expect(screen.queryByRole('alert')).toBeNull();
    rerender({ error: { message: 'Server error' }, cause: new Error('second') });
    expect(screen.getByRole('alert').textContent).toContain('Server error');
  });
});
