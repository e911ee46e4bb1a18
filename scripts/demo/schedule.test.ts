import { describe, expect, it } from 'vitest';
import { wallClockAt } from '@contract';
import { demoAccount } from './accounts.ts';
import { generateClients } from './clients.ts';
import { DEMO_CLINICS, DEMO_SERVICES, planDemoWeek } from './schedule.ts';

describe('the demo week', () => {
  const clients = generateClients(50);
  const featured = demoAccount('client2@thrive.test');

  it.each(['2031-03-03T05:00:00Z', '2031-03-03T21:30:00Z'])(
    'around %s: every status, every resource kind, clients in clinic now, the featured client next',
    (at) => {
      const now = new Date(at);
      const week = planDemoWeek(now, clients, featured);
      expect(new Set(week.map((a) => a.status))).toEqual(
        new Set(['booked', 'checked_in', 'in_progress', 'completed', 'cancelled', 'no_show']),
      );
      const kindOf = new Map(DEMO_CLINICS.flatMap((clinic) => clinic.resources).map((r) => [r.id, r.kind]));
      expect(new Set(week.map((a) => kindOf.get(a.resource_id)))).toEqual(new Set(kindOf.values()));
      const checkedIn = week.filter((a) => a.status === 'checked_in');
      expect(checkedIn.length).toBeGreaterThanOrEqual(3);
      expect(checkedIn.every((a) => Date.parse(a.checked_in_at!) < now.getTime())).toBe(true);
      const next = week.filter((a) => a.client_id === featured.id && Date.parse(a.starts_at) > now.getTime());
      expect(next).toHaveLength(1);
      // Dated from the start day: three days back to three days on.
      const days = new Set(week.map((a) => wallClockAt(new Date(a.starts_at), 'Asia/Kolkata').date));
      expect([...days].sort()[0]! >= '2031-02-28').toBe(true);
      expect([...days].sort().at(-1)! <= '2031-03-07').toBe(true);
      // Services only on resources that can take them.
      const serviceKinds = new Map(DEMO_SERVICES.map((s) => [s.id, s.kinds]));
      expect(week.every((a) => serviceKinds.get(a.service_id)!.includes(kindOf.get(a.resource_id)!))).toBe(true);
    },
  );
});
