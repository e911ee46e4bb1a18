import type { components } from '@contract';
import { clientMatches, nameStartsWith, parseClientQuery } from '@contract';

type Schemas = components['schemas'];
export type NextAppointment = Schemas['NextAppointment'];
type UserSummary = Schemas['UserSummary'];

/** A client as discovery shows it: from the search, from this device's recent list, or from a saved user list. */
export interface FoundClient {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  /** Left out when the viewer's role does not read it (then so is the source's date of birth, and the age). */
  phone_number?: string | null;
  age?: number | null;
  /** Null when the source did not say (a saved user list does not). */
  hipaa_consent: boolean | null;
  /** Undefined when the source did not say. */
  next_appointment?: NextAppointment | null;
}

/** A client this person opened lately, as it was then. */
export type RecentClient = FoundClient & { opened_at: string };

export function fromUserSummary(user: UserSummary): FoundClient {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone_number: user.phone_number ?? null,
    age: null,
    hipaa_consent: null,
  };
}

/** `client` first in the recent list, once, at most `limit` long. */
export function withRecent(list: readonly RecentClient[], client: RecentClient, limit: number): RecentClient[] {
  return [client, ...list.filter((item) => item.id !== client.id)].slice(0, limit);
}

/** How much a source tells about a client: the richest copy of a client wins. */
function richness(client: FoundClient): number {
  return (client.hipaa_consent === null ? 0 : 1) + (client.next_appointment === undefined ? 0 : 1);
}

/**
 * The search run over the clients saved on this device (offline): the same
 * matching rules as the server's, one entry per client, names beginning with
 * the text first, then by last and first name.
 */
export function searchSaved(saved: readonly FoundClient[], text: string, limit: number): FoundClient[] {
  const query = parseClientQuery(text);
  const byId = new Map<string, FoundClient>();
  for (const client of saved) {
    const known = byId.get(client.id);
    if (!known || richness(client) > richness(known)) byId.set(client.id, client);
  }
  return [...byId.values()]
    .filter((client) => clientMatches(query, client))
    .sort(
      (a, b) =>
        Number(nameStartsWith(query, b)) - Number(nameStartsWith(query, a)) ||
        a.last_name.localeCompare(b.last_name) ||
        a.first_name.localeCompare(b.first_name),
    )
    .slice(0, limit);
}
