/**
 * The demo schedule: two clinics in two time zones with every kind of
 * resource, the services they offer, and a realistic week of appointments
 * around the day the stack starts (past days done, some clients checked in or
 * in a session right now, the coming days booked).
 *
 * The clinics, resources and services have fixed ids and are added once. The
 * week is dated from the start day: it is written again whenever the stack
 * starts on another day than the one it was written for, so the demo never
 * shows a stale schedule. Only the demo's own appointments (booked by the
 * 'thrive-demo' actor) are replaced; what people booked while trying the demo
 * stays, and a demo appointment that would overlap it is left out.
 */
import type { Database } from '../../server/db/database.ts';
import { addDays, instantAt, wallClockAt } from '@contract';
import { DEMO_CLINIC, demoAccount, type DemoAccount } from './accounts.ts';
import { seedBookingCatalog } from './booking-catalog.ts';
import { seedClinicMessaging } from './messaging.ts';
import { stableUuid } from './stable-id.ts';

/** Who the demo's own appointments are booked by. */
export const DEMO_BOOKER = 'thrive-demo';

type ResourceKind =
  | 'iv_chair'
  | 'hbot_chamber'
  | 'hbot_seat'
  | 'red_light'
  | 'pemf'
  | 'sauna'
  | 'consultation_room'
  | 'test_room'
  | 'call_line';

interface DemoClinic {
  id: string;
  name: string;
  timeZone: string;
  /** ISO weekday -> [opens, closes] */
  hours: Readonly<Partial<Record<number, readonly [string, string]>>>;
  resources: readonly { id: string; name: string; kind: ResourceKind; turnover: string }[];
}

const everyDay = (opens: string, closes: string) =>
  Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((day) => [day, [opens, closes] as const]));

function resource(clinic: string, name: string, kind: ResourceKind, turnover: string) {
  return { id: stableUuid(`thrive-demo-resource:${clinic}:${name}`), name, kind, turnover };
}

export const DEMO_CLINICS: readonly DemoClinic[] = [
  {
    id: stableUuid('thrive-demo-clinic:bengaluru'),
    name: DEMO_CLINIC,
    timeZone: 'Asia/Kolkata',
    hours: everyDay('07:00', '21:00'),
    resources: [
      resource('bengaluru', 'IV chair 1', 'iv_chair', '00:10:00'),
      resource('bengaluru', 'IV chair 2', 'iv_chair', '00:10:00'),
      resource('bengaluru', 'IV chair 3', 'iv_chair', '00:10:00'),
      resource('bengaluru', 'IV chair 4', 'iv_chair', '00:10:00'),
      resource('bengaluru', 'HBOT chamber', 'hbot_chamber', '00:15:00'),
      resource('bengaluru', 'Multiplace seat A', 'hbot_seat', '00:15:00'),
      resource('bengaluru', 'Multiplace seat B', 'hbot_seat', '00:15:00'),
      resource('bengaluru', 'Red light room', 'red_light', '00:05:00'),
      resource('bengaluru', 'PEMF room', 'pemf', '00:05:00'),
      resource('bengaluru', 'Infrared sauna 1', 'sauna', '00:15:00'),
      resource('bengaluru', 'Infrared sauna 2', 'sauna', '00:15:00'),
      resource('bengaluru', 'Consultation room 1', 'consultation_room', '00:00:00'),
      resource('bengaluru', 'Consultation room 2', 'consultation_room', '00:00:00'),
      resource('bengaluru', 'Test room', 'test_room', '00:05:00'),
      resource('bengaluru', 'Intake line', 'call_line', '00:00:00'),
    ],
  },
  {
    id: stableUuid('thrive-demo-clinic:london'),
    name: 'Thrive London',
    timeZone: 'Europe/London',
    hours: { ...everyDay('08:00', '19:00'), 6: ['09:00', '15:00'], 7: undefined },
    resources: [
      resource('london', 'IV chair 1', 'iv_chair', '00:10:00'),
      resource('london', 'IV chair 2', 'iv_chair', '00:10:00'),
      resource('london', 'HBOT chamber', 'hbot_chamber', '00:15:00'),
      resource('london', 'Red light panel', 'red_light', '00:05:00'),
      resource('london', 'PEMF mat', 'pemf', '00:05:00'),
      resource('london', 'Infrared sauna', 'sauna', '00:15:00'),
      resource('london', 'Consultation room', 'consultation_room', '00:00:00'),
      resource('london', 'Test room', 'test_room', '00:05:00'),
      resource('london', 'Intake line', 'call_line', '00:00:00'),
    ],
  },
];

interface DemoService {
  id: string;
  name: string;
  therapyKind: 'iv' | 'hbot' | 'pet' | 'red_light' | 'fir' | 'consultation' | 'test';
  duration: string;
  kinds: readonly ResourceKind[];
  /** Who usually runs it (a demo staff e-mail). */
  staff: string;
}

function service(
  name: string,
  therapyKind: DemoService['therapyKind'],
  duration: string,
  kinds: ResourceKind[],
  staff: string,
): DemoService {
  return { id: stableUuid(`thrive-demo-service:${name}`), name, therapyKind, duration, kinds, staff };
}

export const DEMO_SERVICES: readonly DemoService[] = [
  service('IV hydration drip', 'iv', '01:00:00', ['iv_chair'], 'nurse@thrive.test'),
  service('NAD+ infusion', 'iv', '02:00:00', ['iv_chair'], 'nurse@thrive.test'),
  service('Hyperbaric oxygen session', 'hbot', '01:00:00', ['hbot_chamber', 'hbot_seat'], 'nurse@thrive.test'),
  service('Red light therapy', 'red_light', '00:20:00', ['red_light'], 'nurse@thrive.test'),
  service('PEMF session', 'pet', '00:30:00', ['pemf'], 'nurse@thrive.test'),
  service('Infrared sauna', 'fir', '00:45:00', ['sauna'], 'nurse@thrive.test'),
  service('Doctor consultation', 'consultation', '00:30:00', ['consultation_room'], 'doctor@thrive.test'),
  service('Health coaching', 'consultation', '00:45:00', ['consultation_room'], 'coach@thrive.test'),
  service('Nutrition review', 'consultation', '00:30:00', ['consultation_room'], 'nutrition@thrive.test'),
  // What clients book in the portal (booking-catalog.ts): the intake call and the tests.
  service('Intake call', 'consultation', '00:20:00', ['call_line'], 'coach@thrive.test'),
  service('Fasting blood panel', 'test', '00:15:00', ['test_room'], 'nurse@thrive.test'),
  service('Glucose and insulin test', 'test', '00:15:00', ['test_room'], 'nurse@thrive.test'),
  service('Vitamin and mineral panel', 'test', '00:10:00', ['test_room'], 'nurse@thrive.test'),
  service('Thyroid panel', 'test', '00:10:00', ['test_room'], 'nurse@thrive.test'),
  service('Body composition scan', 'test', '00:20:00', ['test_room'], 'nurse@thrive.test'),
  service('Resting ECG and blood pressure', 'test', '00:20:00', ['test_room'], 'nurse@thrive.test'),
  service('VO2 max test', 'test', '00:45:00', ['test_room'], 'nurse@thrive.test'),
];

/** Adds the clinics, their opening hours and resources, the services and what the portal books, where missing. */
export async function seedScheduleCatalog(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const clinic of DEMO_CLINICS) {
      await tx.query('INSERT INTO clinics (id, name, time_zone) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        clinic.id,
        clinic.name,
        clinic.timeZone,
      ]);
      for (const [weekday, hours] of Object.entries(clinic.hours)) {
        if (!hours) continue;
        await tx.query(
          'INSERT INTO clinic_opening_hours (clinic_id, weekday, opens, closes) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
          [clinic.id, Number(weekday), hours[0], hours[1]],
        );
      }
      for (const [position, item] of clinic.resources.entries()) {
        await tx.query(
          `INSERT INTO resources (id, clinic_id, name, kind, turnover, position)
           VALUES ($1, $2, $3, $4, $5::interval, $6) ON CONFLICT DO NOTHING`,
          [item.id, clinic.id, item.name, item.kind, item.turnover, position],
        );
      }
    }
    for (const item of DEMO_SERVICES) {
      await tx.query(
        `INSERT INTO services (id, name, therapy_kind, default_duration, resource_kinds)
         VALUES ($1, $2, $3, $4::interval, $5::jsonb) ON CONFLICT DO NOTHING`,
        [item.id, item.name, item.therapyKind, item.duration, JSON.stringify(item.kinds)],
      );
    }
    await seedBookingCatalog(tx, {
      service: (name) => stableUuid(`thrive-demo-service:${name}`),
      clinic: (name) => DEMO_CLINICS.find((clinic) => clinic.name === name)!.id,
    });
    await seedClinicMessaging(tx);
  });
}

type Status = 'booked' | 'checked_in' | 'in_progress' | 'completed' | 'cancelled' | 'no_show';

export interface PlannedAppointment {
  id: string;
  client_id: string;
  resource_id: string;
  service_id: string;
  staff_id: string;
  starts_at: string;
  duration: string;
  status: Status;
  notes: string | null;
  checked_in_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  /** A call's way (the demo's clients are called by phone); null for everything else. */
  call_mode: 'phone' | null;
}

/** A number from 0 to n-1 that depends only on the text. */
function choose(text: string, n: number): number {
  return parseInt(stableUuid(text).slice(0, 8), 16) % n;
}

const minutesOf = (duration: string) => {
  const [h = 0, m = 0] = duration.split(':').map(Number);
  return h * 60 + m;
};
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The demo week for `clients`, around `now`: three days back to three days on
 * at every clinic. Each resource is filled from opening with its services and
 * gaps; statuses follow the clock: done before now (with a few no-shows and
 * cancellations), a few clients checked in or in a session now (whatever the
 * hour), booked after. Some of the week's bookings belong to `featured` (the
 * demo client whose portal shows its next appointment).
 */
export function planDemoWeek(now: Date, clients: readonly DemoAccount[], featured: DemoAccount): PlannedAppointment[] {
  const planned: PlannedAppointment[] = [];
  const nowMs = now.getTime();
  let clientTurn = 0;
  const nextClient = () => clients[clientTurn++ % clients.length]!;
  // Those in the clinic right now have given their HIPAA authorization, so their visits can be signed.
  const consented = clients.filter((client) => client.hipaaConsent);
  let consentedTurn = 0;
  const nextConsentedClient = () =>
    consented.length > 0 ? consented[consentedTurn++ % consented.length]! : nextClient();

  for (const clinic of DEMO_CLINICS) {
    const today = wallClockAt(now, clinic.timeZone).date;
    for (let offset = -3; offset <= 3; offset++) {
      const day = addDays(today, offset);
      const weekday = wallClockAt(instantAt(`${day} 12:00`, clinic.timeZone), clinic.timeZone).weekday;
      const hours = clinic.hours[weekday];
      if (!hours) continue;
      const closes = instantAt(`${day} ${hours[1]}`, clinic.timeZone).getTime();
      for (const item of clinic.resources) {
        const services = DEMO_SERVICES.filter((candidate) => candidate.kinds.includes(item.kind));
        let cursor = instantAt(`${day} ${hours[0]}`, clinic.timeZone).getTime();
        for (let slot = 0; ; slot++) {
          const key = `${clinic.id}:${day}:${item.id}:${slot}`;
          // Gaps of 0 to 90 minutes, in quarter hours: a realistic, not a full, day.
          cursor += choose(`${key}:gap`, 7) * 15 * 60_000;
          const chosen = services[choose(`${key}:service`, services.length)]!;
          const minutes = minutesOf(chosen.duration);
          const endMs = cursor + minutes * 60_000;
          if (endMs > closes) break;
          const roll = choose(`${key}:status`, 100);
          let status: Status;
          if (endMs <= nowMs) status = roll < 6 ? 'no_show' : roll < 12 ? 'cancelled' : 'completed';
          else if (cursor <= nowMs) status = 'in_progress';
          else status = roll < 7 ? 'cancelled' : 'booked';
          planned.push(
            appointmentOf(key, nextClient(), item.id, chosen, cursor, status, {
              checkedIn: status === 'completed' || status === 'in_progress' ? cursor - 10 * 60_000 : null,
              started: status === 'completed' || status === 'in_progress' ? cursor : null,
              completed: status === 'completed' ? endMs : null,
              cancelled:
                status === 'cancelled'
                  ? Math.min(cursor - 26 * 60 * 60_000, nowMs - 60 * 60_000)
                  : status === 'no_show'
                    ? endMs
                    : null,
            }),
          );
          cursor = endMs + minutesOf(item.turnover) * 60_000;
        }
      }
    }
  }

  // Right now, whatever the hour, at the main clinic: clients waiting after check-in on chairs and
  // in a session. Their resources and clients are cleared of anything else at that time first.
  const main = DEMO_CLINICS[0]!;
  const quarter = 15 * 60_000;
  const soon = Math.ceil(nowMs / quarter) * quarter;
  const iv = DEMO_SERVICES[0]!;
  const sauna = DEMO_SERVICES.find((item) => item.kinds.includes('sauna'))!;
  const redLight = DEMO_SERVICES.find((item) => item.kinds.includes('red_light'))!;
  const nowPlan: [string, DemoService, Status, number][] = [
    ['IV chair 1', iv, 'checked_in', 12],
    ['IV chair 2', iv, 'checked_in', 4],
    ['Infrared sauna 1', sauna, 'in_progress', 25],
    ['Red light room', redLight, 'checked_in', 7],
    // Someone due soon, not here yet: reception checks them in from the hub.
    ['Consultation room 1', DEMO_SERVICES[6]!, 'booked', 0],
  ];
  const nowItems = nowPlan.map(([name, chosen, status, waited], index) => {
    const item = main.resources.find((candidate) => candidate.name === name)!;
    const start =
      status === 'in_progress'
        ? soon - 15 * 60_000
        : status === 'booked'
          ? soon + 30 * 60_000
          : soon + index * 5 * 60_000;
    return appointmentOf(`now:${index}`, nextConsentedClient(), item.id, chosen, start, status, {
      checkedIn: status === 'booked' ? null : nowMs - waited * 60_000,
      started: status === 'in_progress' ? start : null,
      completed: null,
      cancelled: null,
    });
  });

  // The featured client: an IV drip three days ago, a consultation yesterday, next tomorrow late morning.
  const mainToday = wallClockAt(now, main.timeZone).date;
  const consult = main.resources.find((item) => item.kind === 'consultation_room')!;
  const hbot = main.resources.find((item) => item.kind === 'hbot_chamber')!;
  const featuredItems = [
    appointmentOf(
      'featured:past',
      featured,
      consult.id,
      DEMO_SERVICES[6]!,
      instantAt(`${addDays(mainToday, -1)} 10:00`, main.timeZone).getTime(),
      'completed',
      {
        checkedIn: instantAt(`${addDays(mainToday, -1)} 09:52`, main.timeZone).getTime(),
        started: instantAt(`${addDays(mainToday, -1)} 10:00`, main.timeZone).getTime(),
        completed: instantAt(`${addDays(mainToday, -1)} 10:30`, main.timeZone).getTime(),
        cancelled: null,
      },
    ),
    // A signed IV visit of theirs shows in the portal's reports and in-clinic visits.
    appointmentOf(
      'featured:iv',
      featured,
      main.resources.find((item) => item.name === 'IV chair 3')!.id,
      DEMO_SERVICES[0]!,
      instantAt(`${addDays(mainToday, -3)} 11:00`, main.timeZone).getTime(),
      'completed',
      {
        checkedIn: instantAt(`${addDays(mainToday, -3)} 10:50`, main.timeZone).getTime(),
        started: instantAt(`${addDays(mainToday, -3)} 11:00`, main.timeZone).getTime(),
        completed: instantAt(`${addDays(mainToday, -3)} 12:00`, main.timeZone).getTime(),
        cancelled: null,
      },
    ),
    appointmentOf(
      'featured:next',
      featured,
      hbot.id,
      DEMO_SERVICES[2]!,
      instantAt(`${addDays(mainToday, 1)} 11:00`, main.timeZone).getTime(),
      'booked',
      {
        checkedIn: null,
        started: null,
        completed: null,
        cancelled: null,
      },
    ),
  ];

  const special = [...nowItems, ...featuredItems];
  const clashes = (a: PlannedAppointment, b: PlannedAppointment) => {
    const aStart = Date.parse(a.starts_at);
    const bStart = Date.parse(b.starts_at);
    // Generous: an hour either side keeps turnover out of the question.
    return (
      Math.abs(aStart - bStart) < 3 * 60 * 60_000 && (a.resource_id === b.resource_id || a.client_id === b.client_id)
    );
  };
  const live = (a: PlannedAppointment) => a.status !== 'cancelled' && a.status !== 'no_show';
  const rest = planned.filter((a) => !(live(a) && special.some((b) => clashes(a, b))));
  return [...special, ...rest];
}

function appointmentOf(
  key: string,
  client: DemoAccount,
  resourceId: string,
  chosen: DemoService,
  startMs: number,
  status: Status,
  at: { checkedIn: number | null; started: number | null; completed: number | null; cancelled: number | null },
): PlannedAppointment {
  return {
    id: stableUuid(`thrive-demo-appointment:${key}:${startMs}`),
    client_id: client.id,
    resource_id: resourceId,
    service_id: chosen.id,
    staff_id: demoAccount(chosen.staff).id,
    starts_at: iso(startMs),
    duration: chosen.duration,
    status,
    notes: status === 'cancelled' ? 'Client asked to move it.' : null,
    checked_in_at: at.checkedIn === null ? null : iso(at.checkedIn),
    started_at: at.started === null ? null : iso(at.started),
    completed_at: at.completed === null ? null : iso(at.completed),
    cancelled_at: at.cancelled === null ? null : iso(at.cancelled),
    call_mode: chosen.kinds.includes('call_line') ? 'phone' : null,
  };
}
