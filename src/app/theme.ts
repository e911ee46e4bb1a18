import {
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeComponents,
  type VariantColorsResolver,
} from '@mantine/core';
import { PRIMARY_SHADE, THRIVE_TEAL, brand } from '@/config/brand';
import { TOUCH_TARGET } from '@/config/touch';

const thrive: MantineColorsTuple = [...THRIVE_TEAL];

/** Spec section 9: a tooltip opens after 700 ms... */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/**
 * ...and moving on to the next within 300 ms opens it at once. Mantine's
 * Tooltip.Group holds the open tooltip for its close delay and opens the next
 * one without waiting while it does: that hold is the skip delay.
 */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Mantine 9 defines each size's height on the component's own class, so a
 * `:root` variable never reaches it: the component's `vars` set the height of
 * the default size (md) instead. Smaller sizes stay available for dense desktop tables.
 */
const touch = (selector: string, variable: string) => ({
  defaultProps: { size: 'md' },
  vars: (_theme: unknown, props: { size?: unknown }) => ({
    [selector]: { [variable]: props.size === 'md' ? TOUCH_TARGET : undefined },
  }),
});

/** Checkboxes and radios: the label, which toggles them too, is a whole touch target high beside the box. */
const touchLabel = {
  defaultProps: { size: 'md' },
  styles: {
    body: { alignItems: 'center' },
    label: { minHeight: TOUCH_TARGET, display: 'flex', alignItems: 'center' },
  },
};

const components: MantineThemeComponents = {
  Button: touch('root', '--button-height'),
  // Every text input, password input, number input and select renders Input.
  Input: touch('wrapper', '--input-height'),
  TextInput: { defaultProps: { size: 'md' } },
  // Its show/hide button too, over the field's full height.
  PasswordInput: touch('root', '--psi-button-size'),
  NumberInput: { defaultProps: { size: 'md' } },
  Select: { defaultProps: { size: 'md' } },
  PinInput: touch('root', '--pin-input-size'),
  // Icon buttons, chips, pages of a list and close buttons (a dialog's, an alert's, a field's clear button).
  ActionIcon: touch('root', '--ai-size'),
  Chip: touch('root', '--chip-size'),
  Pagination: touch('root', '--pagination-control-size'),
  // Its cross stays the size it was drawn at; the button around it grows.
  CloseButton: { ...touch('root', '--cb-size'), defaultProps: { size: 'md', iconSize: 20 } },
  // A field's clear button (its own name for the close button's styles) says what it does; a field that knows
  // its label names it better (DayInput). A whole touch target, it reaches a pixel over the field's border, so it
  // has no background of its own to hide the border with.
  InputClearButton: {
    ...touch('root', '--cb-size'),
    defaultProps: { size: 'md', iconSize: 18, 'aria-label': 'Clear', style: { background: 'transparent' } },
  },
  Checkbox: touchLabel,
  Radio: touchLabel,
  SegmentedControl: {
    defaultProps: { size: 'md' },
    styles: { label: { minHeight: TOUCH_TARGET, display: 'flex', alignItems: 'center', justifyContent: 'center' } },
  },
  // Every dialog's close button says what it does to a screen reader.
  Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  Tooltip: { defaultProps: { openDelay: TOOLTIP_OPEN_DELAY_MS } },
  TooltipGroup: { defaultProps: { openDelay: TOOLTIP_OPEN_DELAY_MS, closeDelay: TOOLTIP_SKIP_DELAY_MS } },
};

/**
 * The words of a light badge, button or alert (Mantine's `light` variant) where Mantine's own, its colour's darkest
 * shade, reads under 4.5:1 on the tint under it, hovered too (the users list's teal Active badge read 4.3:1): that
 * shade darkened until it does. theme.test.tsx checks every colour.
 */
export const READABLE_LIGHT_WORDS: Readonly<Record<string, string>> = {
  red: '#ab2424',
  violet: '#5a3aba',
  indigo: '#3147b3',
  blue: '#165a9a',
  cyan: '#0a6778',
  teal: '#077252',
  green: '#226e32',
  lime: '#4a760a',
  yellow: '#a15300',
  orange: '#ae3a0c',
};

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const words = input.variant === 'light' && input.color ? READABLE_LIGHT_WORDS[input.color] : undefined;
  return words ? { ...colors, color: words } : colors;
};

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  colors: { thrive },
  primaryColor: 'thrive',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  defaultRadius: 'md',
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  cursorType: 'pointer',
  variantColorResolver,
  components,
});

/**
 * Mantine's default secondary, placeholder and error colours are too light
 * for WCAG AA on white; Thrive's brand set replaces them.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    // The page behind the cards; cards and inputs keep Mantine's white body colour.
    '--thrive-color-page': brand.background,
  },
  light: {
    '--mantine-color-text': brand.text,
    '--mantine-color-dimmed': brand.dimmed,
    '--mantine-color-placeholder': brand.dimmed,
    '--mantine-color-error': brand.error,
    '--mantine-color-anchor': brand.primary,
  },
  dark: {},
});
