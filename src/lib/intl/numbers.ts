/**
 * Numbers as text: counted nouns by the language's plural rules (Intl.PluralRules), so no screen says
 * "1 additives"; counts with the locale's grouping; money.
 */
import { DEFAULT_LOCALE, numberFormat, pluralRulesOf } from './formats';

/** The noun that goes with `count`: `one` or `other`. */
export function pluralOf(count: number, one: string, other: string, locale: string = DEFAULT_LOCALE): string {
  return pluralRulesOf(locale).select(count) === 'one' ? one : other;
}

/** `count` and its noun: "1 additive", "1,200 clients". */
export function counted(count: number, one: string, other: string, locale: string = DEFAULT_LOCALE): string {
  return `${formatNumber(count, locale)} ${pluralOf(count, one, other, locale)}`;
}

/** A whole number with the locale's grouping: "10,000" (en-GB), "1,00,000" (en-IN). */
export function formatNumber(value: number, locale: string = DEFAULT_LOCALE): string {
  return numberFormat(locale).format(value);
}

/** How much of a text's room is used: "120 of 2,000 characters". */
export function characterCount(length: number, max: number): string {
  return `${formatNumber(length)} of ${counted(max, 'character', 'characters')}`;
}

/** An amount in the currency's minor unit as money: "₹2,400", "£89.50". */
export function formatMoney(amountMinor: number, currency: string, locale: string = DEFAULT_LOCALE): string {
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: amountMinor % 100 === 0 ? 0 : 2,
  }).format(amountMinor / 100);
}
