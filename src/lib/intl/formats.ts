/**
 * The platform's formatters, made once and kept. Making an `Intl` formatter
 * loads the locale's data and costs a slow tablet milliseconds each time;
 * using one costs next to nothing. Lists and schedules format a value per
 * row, so every formatter is made once per locale and options, for the life
 * of the page. Only this folder makes them (eslint.config.js).
 */
/** The locale when nothing names another: British English, as the product is written. */
export const DEFAULT_LOCALE = 'en-GB';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function kept<T>(cache: Map<string, T>, locale: string, options: object, make: () => T): T {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** The date format for `locale` and `options` (which always name the zone: never the device's own). */
export function dateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions & { timeZone: string },
): Intl.DateTimeFormat {
  return kept(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

export function pluralRulesOf(locale: string): Intl.PluralRules {
  return kept(pluralRules, locale, {}, () => new Intl.PluralRules(locale));
}
