import { describe, expect, it } from 'vitest';
import { draftProblems, signingProblems } from '@contract';
import { demoAccount } from './accounts.ts';
import { generateClients } from './clients.ts';
import { planDemoWeek } from './schedule.ts';
import { planDemoVisits } from './visits.ts';

describe('the demo charting', () => {
  const now = new Date('2031-03-04T08:30:00Z');
  const featured = demoAccount('client2@thrive.test');
  const { week, visits } = planDemoVisits(planDemoWeek(now, generateClients(50), featured), now);

  it('signs every session done and drafts every one under way, each valid', () => {
    const byAppointment = new Map(week.map((a) => [a.id, a]));
    expect(visits.length).toBeGreaterThan(50);
    for (const visit of visits) {
      const appointment = byAppointment.get(visit.appointment_id)!;
      expect(visit.state).toBe(appointment.status === 'completed' ? 'signed' : 'draft');
      const draft = {
        ...visit.content,
        client_id: visit.client_id,
        therapy: visit.therapy,
        appointment_id: visit.appointment_id,
      };
      expect(draftProblems(draft, { today: '2031-03-04', now })).toEqual([]);
      const signable = signingProblems(draft, { hipaaConsent: true, diabetic: false }).length === 0;
      // Signed visits are complete and carry their hash; drafts of sessions under way are not yet complete.
      expect({ signable, hashed: visit.content_hash !== null }).toEqual(
        visit.state === 'signed' ? { signable: true, hashed: true } : { signable: false, hashed: false },
      );
    }
  });

  it('leaves one session that ended today at the main clinic to complete, and signs one for the featured client', () => {
    const toComplete = visits.filter((visit) => {
      const appointment = week.find((a) => a.id === visit.appointment_id)!;
      return (
        visit.state === 'draft' &&
        Date.parse(appointment.starts_at) + 5 * 60_000 < now.getTime() &&
        appointment.status === 'in_progress'
      );
    });
    expect(toComplete.length).toBeGreaterThanOrEqual(1);
    expect(
      visits.some((visit) => visit.client_id === featured.id && visit.state === 'signed' && visit.therapy === 'iv'),
    ).toBe(true);
  });
});
