// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SaveState } from './SaveState';

describe('the line above the chart', () => {
  it('never calls the chart saved while a check keeps part of it back', async () => {
    await renderWithProviders(<SaveState saving={false} heldBack unsent={[]} onServer />);
    const line = await screen.findByTestId('visit-save-state');
    expect(line.textContent).toBe('Not saved: correct what is marked in red below');
  });

  it('says the chart is on the server once all of it is', async () => {
    await renderWithProviders(<SaveState saving={false} heldBack={false} unsent={[]} onServer />);
    expect((await screen.findByTestId('visit-save-state')).textContent).toBe('Saved to the server');
  });

  it('shows the save under way before what is held back', async () => {
    await renderWithProviders(<SaveState saving heldBack unsent={[]} onServer />);
    expect((await screen.findByTestId('visit-save-state')).textContent).toBe('Saving…');
  });
});
