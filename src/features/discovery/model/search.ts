import * as v from 'valibot';

/**
 * What /discovery keeps in its URL: the text searched. The router parses
 * query values as JSON, so a phone number may arrive as a number; anything
 * else malformed is dropped rather than failing the page.
 */
const DiscoverySearchSchema = v.object({
  q: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform((value) => String(value).trim().slice(0, 100)),
      ),
    ),
    undefined,
  ),
});

export interface DiscoverySearch {
  q?: string;
}

export function parseDiscoverySearch(input: Record<string, unknown>): DiscoverySearch {
  const { q } = v.parse(DiscoverySearchSchema, input);
  return q ? { q } : {};
}
