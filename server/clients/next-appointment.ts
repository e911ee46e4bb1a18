/**
 * A client's next appointment (booked or checked in, not over yet), as one
 * LATERAL join that any list of clients can add: discovery's results and the
 * programs' enrollments both show it. The appointments index on (client,
 * start) answers it with one short index scan per row.
 */
import { isoInZone } from '@contract';
import type { NextAppointment } from '../core/contract-types.ts';

/** Columns the join adds, prefixed `next_`. */
export interface NextAppointmentColumns {
  next_id: string | null;
  next_starts_at: Date | string | null;
  next_time_zone: string | null;
  next_status: NextAppointment['status'] | null;
  next_service_name: string | null;
  next_clinic_name: string | null;
}

/** `LEFT JOIN LATERAL (...) next ON true` for the client in `clientColumn`, after the instant in `nowParam`. */
export function nextAppointmentJoin(clientColumn: string, nowParam: string): string {
  return `LEFT JOIN LATERAL (
      SELECT a.id AS next_id, a.starts_at AS next_starts_at, c.time_zone AS next_time_zone, a.status AS next_status,
             s.name AS next_service_name, c.name AS next_clinic_name
      FROM appointments a
      JOIN services s ON s.id = a.service_id
      JOIN clinics c ON c.id = a.clinic_id
      WHERE a.client_id = ${clientColumn} AND a.status IN ('booked', 'checked_in') AND a.ends_at > ${nowParam}
      ORDER BY a.starts_at
      LIMIT 1
    ) next ON true`;
}

export function nextAppointmentOf(row: NextAppointmentColumns): NextAppointment | null {
  if (row.next_id === null || row.next_starts_at === null || row.next_time_zone === null || row.next_status === null) {
    return null;
  }
  const startsAt = row.next_starts_at instanceof Date ? row.next_starts_at : new Date(row.next_starts_at);
  return {
    id: row.next_id,
    starts_at: isoInZone(startsAt, row.next_time_zone),
    time_zone: row.next_time_zone,
    status: row.next_status,
    service_name: row.next_service_name ?? '',
    clinic_name: row.next_clinic_name ?? '',
  };
}
