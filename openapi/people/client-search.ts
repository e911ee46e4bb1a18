/**
 * How discovery's search reads what was typed, once for both sides: the
 * server turns it into SQL over trigram indexes (server/clients), and the app
 * applies the same rules to the clients saved on the device when it is
 * offline. Pure: no I/O.
 */

/** What was typed, as the search uses it. */
export interface ClientQuery {
  /** Lower-cased words; each must appear in the name, the e-mail or the phone number as written. */
  words: string[];
  /**
   * When the text reads as a phone number or part of one (digits and phone punctuation only), its digits:
   * they must appear in the client's phone digits, whatever punctuation either side was written with.
   */
  digits: string | null;
  /** The whole text, lower-cased and trimmed: names beginning with it come first. */
  text: string;
}

const PHONE_LIKE = /^[+\d\s().\-/]+$/;

export function parseClientQuery(raw: string): ClientQuery {
  const text = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  const words = text === '' ? [] : text.split(' ');
  const digits = PHONE_LIKE.test(text) ? text.replace(/\D/g, '') : '';
  return { words, digits: digits === '' ? null : digits, text };
}

/** What a client is found by. */
export interface Searchable {
  first_name: string;
  last_name: string;
  email: string;
  phone_number?: string | null;
}

/** The same test the server's query makes, for a client held on the device. */
export function clientMatches(query: ClientQuery, client: Searchable): boolean {
  if (query.words.length === 0) return false;
  const phone = client.phone_number ?? '';
  const haystack = `${client.first_name} ${client.last_name} ${phone}`.toLowerCase();
  const email = client.email.toLowerCase();
  const byWords = query.words.every((word) => haystack.includes(word) || email.includes(word));
  if (byWords) return true;
  return query.digits !== null && phone.replace(/\D/g, '').includes(query.digits);
}

/** Whether the client's name begins with the text: such results come first. */
export function nameStartsWith(query: ClientQuery, client: Pick<Searchable, 'first_name' | 'last_name'>): boolean {
  const first = client.first_name.toLowerCase();
  const last = client.last_name.toLowerCase();
  return first.startsWith(query.text) || last.startsWith(query.text) || `${first} ${last}`.startsWith(query.text);
}

const MS_PER_YEAR = 365.25 * 24 * 60 * 60 * 1000;

/** Whole years since `dateOfBirth` (spec section 9: a year of about 365.25 days); null when unknown. */
export function ageOn(dateOfBirth: string | null | undefined, now: Date): number | null {
  if (!dateOfBirth) return null;
  const born = Date.parse(dateOfBirth);
  if (Number.isNaN(born)) return null;
  const years = Math.floor((now.getTime() - born) / MS_PER_YEAR);
  return years >= 0 ? years : null;
}
