/**
 * Thrive's one fixed colour set (spec section 9: the visual theme is a fixed
 * brand colour set). Read by the Mantine theme, the web app manifest and the
 * icon generator, so the three never drift apart. Plain constants: this file is
 * also imported by vite.config.ts and scripts under Node.
 */

/** Ten shades of Thrive teal, lightest first (Mantine's colour tuple). */
export const THRIVE_TEAL = [
  '#e6f5f3',
  '#cdebe7',
  '#9dd7cf',
  '#69c1b5',
  '#3fae9f',
  '#23998a',
  '#128576',
  '#0f766e',
  '#0b5e58',
  '#074642',
] as const;

/** The shade used for filled buttons, links and focus rings. */
export const PRIMARY_SHADE = 7;

export const brand = {
  name: 'Thrive',
  /** Filled buttons, links, the manifest's theme colour. White on it: 5.5:1. */
  primary: THRIVE_TEAL[PRIMARY_SHADE],
  /** Behind every page (and the installed app's splash screen). */
  background: '#f4f8f7',
  surface: '#ffffff',
  text: '#14201f',
  /** Secondary text. On the page background: 7:1. */
  dimmed: '#4b5b59',
  /** Error text under fields and in alerts. On white: 6:1. */
  error: '#b42318',
  /** Behind an error banner: the error colour and the text stay above 4.5:1 on it. */
  errorSurface: '#fdecea',
  /** The current area in the navigation bar: dark teal on the lightest tint, 7:1. */
  navActiveText: THRIVE_TEAL[8],
  navActiveBackground: THRIVE_TEAL[0],
  /** Lines between the header, the navigation bar and the page. */
  border: '#d5e0de',
  /** The mark drawn on the primary colour in the icons. */
  onPrimary: '#ffffff',
} as const;
