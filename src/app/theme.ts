import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { PRIMARY_SHADE, THRIVE_TEAL, brand } from '../config/brand';

const thrive: MantineColorsTuple = [...THRIVE_TEAL];

/** Touch-friendly by default (44 px controls, PRODUCT.md section 1); see app.css for the heights. */
const TOUCH = { defaultProps: { size: 'md' } };

export const theme = createTheme({
  colors: { thrive },
  primaryColor: 'thrive',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  cursorType: 'pointer',
  components: {
    Button: TOUCH,
    TextInput: TOUCH,
    PasswordInput: TOUCH,
    PinInput: TOUCH,
    Select: TOUCH,
    Radio: TOUCH,
  },
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
