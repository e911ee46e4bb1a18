import { describe, expect, it } from 'vitest';
import { fromUserSummary, searchSaved, withRecent, type FoundClient, type RecentClient } from './clients';

const priya: FoundClient = {
  id: 'a',
  first_name: 'Priya',
  last_name: 'Sharma',
  email: 'priya@thrive.test',
  phone_number: '+919845012345',
  age: 40,
  hipaa_consent: false,
  next_appointment: null,
};
const arjun: FoundClient = {
  ...priya,
  id: 'b',
  first_name: 'Arjun',
  last_name: 'Kapriya',
  email: 'arjun@x.test',
  phone_number: '+15555550101',
};

describe('searchSaved', () => {
  it('matches as the server does, names beginning with the text first', () => {
    expect(searchSaved([arjun, priya], 'priya', 10).map((client) => client.id)).toEqual(['a', 'b']);
    expect(searchSaved([arjun, priya], '(555) 555-01', 10).map((client) => client.id)).toEqual(['b']);
    expect(searchSaved([arjun, priya], 'okafor', 10)).toEqual([]);
  });

  it('shows each client once, from the source that tells the most about it', () => {
    const listed = fromUserSummary({
      id: 'a',
      email: 'priya@thrive.test',
      first_name: 'Priya',
      last_name: 'Sharma',
      role: 'CLIENT',
      status: 'active',
      created_at: '2026-01-01T00:00:00Z',
      phone_number: '+919845012345',
    });
    expect(listed.hipaa_consent).toBeNull();
    const [only, ...rest] = searchSaved([listed, priya], 'sharma', 10);
    expect(rest).toEqual([]);
    expect(only).toEqual(priya);
  });

  it('gives at most `limit`', () => {
    expect(searchSaved([priya, arjun], 'thrive', 1)).toHaveLength(1);
  });
});

describe('withRecent', () => {
  it('puts the client first, once, and keeps the list short', () => {
    const at = (client: FoundClient): RecentClient => ({ ...client, opened_at: '2026-11-24T10:00:00Z' });
    const list = withRecent([at(priya), at(arjun)], at(arjun), 8);
    expect(list.map((client) => client.id)).toEqual(['b', 'a']);
    expect(withRecent(list, at({ ...priya, id: 'c' }), 2).map((client) => client.id)).toEqual(['c', 'b']);
  });
});
