/**
 * The calendar file (RFC 5545) a booking's confirmation and the clinic's
 * notices carry, so the appointment lands in the client's own calendar and a
 * move or cancellation updates the same entry (one UID per appointment, its
 * version as SEQUENCE). Times are UTC instants; calendars show them on the
 * reader's clock, and the text around them gives the clinic's.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

export interface CalendarEntry {
  appointmentId: string;
  /** The appointment's version: a later notice replaces an earlier one. */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  description: string;
  cancelled: boolean;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
}

/** The domain that makes appointment UIDs unique the world over. */
const UID_DOMAIN = 'thrive.clinic';

export function appointmentCalendar(entry: CalendarEntry): string {
  const calendar = ical({
    prodId: { company: 'Thrive', product: 'Appointments', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `appointment-${entry.appointmentId}@${UID_DOMAIN}`,
    sequence: entry.sequence,
    stamp: entry.stamp,
    start: entry.start,
    end: entry.end,
    summary: entry.summary,
    description: entry.description,
    location: entry.location,
    status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  // RFC 5545 ends every content line with CRLF, the last one too; the library leaves the last bare.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
