/**
 * Date formats, made once and kept. Making an `Intl.DateTimeFormat` loads the
 * locale's data and costs a slow tablet milliseconds each time; using one
 * costs next to nothing. Lists and schedules format a date per row, so every
 * format is made once per locale and options, for the life of the page.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The format for `locale` (the device's own when undefined) and `options`, made on first use. */
export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
