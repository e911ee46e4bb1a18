// @vitest-environment happy-dom
import {
  ActionIcon,
  Button,
  Chip,
  CloseButton,
  DEFAULT_THEME,
  MantineProvider,
  TextInput,
  Tooltip,
  luminance,
  mergeMantineTheme,
} from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOUCH_TARGET } from '@/config/touch';
import {
  READABLE_LIGHT_WORDS,
  TOOLTIP_OPEN_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
  cssVariablesResolver,
  theme,
} from './theme';

function renderThemed(ui: React.ReactNode) {
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      {ui}
    </MantineProvider>,
  );
}

describe('tooltips (spec section 9: open after 700 ms, 300 ms skip delay)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const advance = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  it('are set once, in the theme', () => {
    expect(TOOLTIP_OPEN_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it('a tooltip on its own opens only after 700 ms of hovering', async () => {
    renderThemed(
      <Tooltip label="Appointments">
        <button type="button">A</button>
      </Tooltip>,
    );
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'A' }));
    await advance(TOOLTIP_OPEN_DELAY_MS - 50);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await advance(60);
    expect(screen.getByRole('tooltip').textContent).toBe('Appointments');
  });

  it('in a group, the next one opens at once within 300 ms, and waits 700 ms again after that', async () => {
    renderThemed(
      <Tooltip.Group>
        {['Hub', 'Discovery', 'Users'].map((label) => (
          <Tooltip key={label} label={label}>
            <button type="button">{label[0]}</button>
          </Tooltip>
        ))}
      </Tooltip.Group>,
    );
    const [hub, discovery, users] = screen.getAllByRole('button');

    fireEvent.mouseEnter(hub!);
    await advance(TOOLTIP_OPEN_DELAY_MS - 50);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await advance(60);
    expect(screen.getByRole('tooltip').textContent).toBe('Hub');

    // Moving straight on: no new wait.
    fireEvent.mouseLeave(hub!);
    await advance(100);
    fireEvent.mouseEnter(discovery!);
    await advance(20);
    expect(screen.getByRole('tooltip').textContent).toBe('Discovery');

    // After more than the skip delay away from any tooltip, the full delay again.
    fireEvent.mouseLeave(discovery!);
    await advance(TOOLTIP_SKIP_DELAY_MS + 200);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(users!);
    await advance(TOOLTIP_OPEN_DELAY_MS - 50);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await advance(60);
    expect(screen.getByRole('tooltip').textContent).toBe('Users');
  });
});

describe('touch targets of at least 44 px (PRODUCT.md section 1)', () => {
  const variable = (element: HTMLElement | null, name: string) => element?.style.getPropertyValue(name);

  it('buttons are 44 px high by default', () => {
    renderThemed(<Button>Save</Button>);
    expect(variable(screen.getByRole('button', { name: 'Save' }), '--button-height')).toBe(TOUCH_TARGET);
  });

  it('text inputs are 44 px high by default', () => {
    // The height is set on the box around the input (Mantine's `wrapper`), reached through its test id.
    renderThemed(<TextInput label="Email" attributes={{ wrapper: { 'data-testid': 'email-box' } }} />);
    expect(variable(screen.getByTestId('email-box'), '--input-height')).toBe(TOUCH_TARGET);
  });

  it('icon buttons, chips and close buttons are 44 px by default', () => {
    renderThemed(
      <>
        <ActionIcon aria-label="More">…</ActionIcon>
        <CloseButton aria-label="Dismiss" />
        <Chip attributes={{ root: { 'data-testid': 'chip' } }}>Face</Chip>
      </>,
    );
    expect(variable(screen.getByRole('button', { name: 'More' }), '--ai-size')).toBe(TOUCH_TARGET);
    expect(variable(screen.getByRole('button', { name: 'Dismiss' }), '--cb-size')).toBe(TOUCH_TARGET);
    expect(variable(screen.getByTestId('chip'), '--chip-size')).toBe(TOUCH_TARGET);
  });

  it('a deliberately smaller size stays smaller', () => {
    renderThemed(<Button size="xs">More</Button>);
    expect(variable(screen.getByRole('button', { name: 'More' }), '--button-height')).not.toBe(TOUCH_TARGET);
  });
});

describe('light badges, buttons and alerts read at 4.5:1 (WCAG AA)', () => {
  const contrast = (a: string, b: string) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  };
  // The words the theme gives a light variant of each colour, on its tint (shade 1) and hovered (shade 2).
  const colors = { ...DEFAULT_THEME.colors, thrive: theme.colors!.thrive! };
  it.each(Object.entries(colors))('%s', (name, shades) => {
    const words = READABLE_LIGHT_WORDS[name] ?? shades[9];
    expect(contrast(words, shades[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(words, shades[2])).toBeGreaterThanOrEqual(4.5);
  });

  it('the theme gives a light badge those words', () => {
    const resolved = theme.variantColorResolver!({
      color: 'teal',
      variant: 'light',
      theme: mergeMantineTheme(DEFAULT_THEME, theme),
    });
    expect(resolved.color).toBe(READABLE_LIGHT_WORDS.teal);
  });
});
