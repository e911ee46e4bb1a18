/**
 * The appointments table as the contract's Appointment: joined with the names
 * a schedule shows (client, clinic, resource, service, staff), and with every
 * instant written in the clinic's own zone.
 */
import { isoInZone } from '@contract';
import type { Appointment } from '../core/contract-types.ts';
import type { Queryable } from '../db/database.ts';

type Timestamp = Date | string;
type TimestampField =
  | 'starts_at'
  | 'ends_at'
  | 'occupied_until'
  | 'checked_in_at'
  | 'started_at'
  | 'completed_at'
  | 'cancelled_at'
  | 'created_at'
  | 'updated_at';

export type AppointmentRow = Omit<Appointment, TimestampField> & {
  [Field in TimestampField]: Appointment[Field] extends string ? Timestamp : Timestamp | null;
};

/**
 * A client's name as schedules show it (the e-mail until a profile names them), over `cu` and `cp`. The week grid's
 * stored entries write it the same way (appointment_schedule_entry, migrations 014 and 015); the schedule's API
 * test compares the two answers.
 */
const CLIENT_NAME = `coalesce(cp.first_name || ' ' || cp.last_name, cu.email)`;

export const SELECT_APPOINTMENT = `
  SELECT a.id, a.client_id,
         ${CLIENT_NAME} AS client_name,
         a.clinic_id, c.name AS clinic_name, c.time_zone,
         a.resource_id, r.name AS resource_name, r.kind AS resource_kind,
         a.service_id, s.name AS service_name, s.therapy_kind,
         a.staff_id,
         (SELECT sp.first_name || ' ' || sp.last_name FROM profiles sp WHERE sp.client_id = a.staff_id) AS staff_name,
         a.starts_at, a.ends_at, a.occupied_until, to_char(a.duration, 'HH24:MI:SS') AS duration,
         a.status, a.notes, a.created_by, a.version,
         a.checked_in_at, a.started_at, a.completed_at, a.cancelled_at, a.created_at, a.updated_at, a.call_mode
  FROM appointments a
  JOIN clinics c ON c.id = a.clinic_id
  JOIN resources r ON r.id = a.resource_id
  JOIN services s ON s.id = a.service_id
  JOIN users cu ON cu.id = a.client_id
  LEFT JOIN profiles cp ON cp.client_id = a.client_id`;

function inZone(value: Timestamp, timeZone: string): string {
  return isoInZone(value instanceof Date ? value : new Date(value), timeZone);
}

function inZoneOrNull(value: Timestamp | null, timeZone: string): string | null {
  return value === null ? null : inZone(value, timeZone);
}

export function toAppointment(row: AppointmentRow): Appointment {
  const zone = row.time_zone;
  return {
    ...row,
    starts_at: inZone(row.starts_at, zone),
    ends_at: inZone(row.ends_at, zone),
    occupied_until: inZone(row.occupied_until, zone),
    checked_in_at: inZoneOrNull(row.checked_in_at, zone),
    started_at: inZoneOrNull(row.started_at, zone),
    completed_at: inZoneOrNull(row.completed_at, zone),
    cancelled_at: inZoneOrNull(row.cancelled_at, zone),
    created_at: inZone(row.created_at, zone),
    updated_at: inZone(row.updated_at, zone),
  };
}

export async function selectAppointment(db: Queryable, id: string, { lock = false } = {}): Promise<Appointment | null> {
  const [row] = await db.query<AppointmentRow>(
    `${SELECT_APPOINTMENT} WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`,
    [id],
  );
  return row ? toAppointment(row) : null;
}
