// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/test/render';
import { ConfirmDialog } from './ConfirmDialog';

function ask(acting = false) {
  const onKeep = vi.fn();
  const onAct = vi.fn();
  renderWithTheme(
    <ConfirmDialog
      opened
      title="Cancel this booking?"
      keepLabel="Keep it"
      actLabel="Cancel booking"
      onKeep={onKeep}
      onAct={onAct}
      acting={acting}
    >
      IV drip, Friday at 11:00. The time goes back to other clients.
    </ConfirmDialog>,
  );
  return { onKeep, onAct };
}

describe('ConfirmDialog', () => {
  it('says what the act does, with the safe choice first and focused: Enter at once keeps', async () => {
    const { onKeep, onAct } = ask();
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog.textContent).toContain('The time goes back to other clients.');
    const labels = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter(Boolean);
    expect(labels).toEqual(['Keep it', 'Cancel booking']);
    const keep = within(dialog).getByRole('button', { name: 'Keep it' });
    await vi.waitFor(() => expect(keep.matches(':focus')).toBe(true));
    await userEvent.keyboard('{Enter}');
    expect(onKeep).toHaveBeenCalledOnce();
    expect(onAct).not.toHaveBeenCalled();
  });

  it('acts, or keeps things as they are with the keep button or Escape', async () => {
    const { onKeep, onAct } = ask();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    expect(onAct).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await userEvent.keyboard('{Escape}');
    expect(onKeep).toHaveBeenCalledTimes(2);
  });

  it('cannot be closed or pressed again while the act is under way', async () => {
    const { onKeep } = ask(true);
    const keep = await screen.findByRole('button', { name: 'Keep it' });
    expect(keep.hasAttribute('disabled')).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onKeep).not.toHaveBeenCalled();
  });
});
