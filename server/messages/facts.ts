/**
 * What a message about an appointment is made of, read from the database in
 * one query: the appointment, its service and clinic, and the client (how to
 * reach them and what they chose). Read when a message is written (for its
 * subject and channels) and again when it is sent (so it says what is true then).
 */
import { defaultMessagePreferences, type components } from '@contract';
import type { Queryable } from '../db/database.ts';
import type { AppointmentFacts, ClinicFacts } from './templates.ts';

type Schemas = components['schemas'];
type Timestamp = Date | string;

export interface Recipient {
  id: string;
  email: string;
  phone: string | null;
  firstName: string | null;
}

export interface AppointmentMessageFacts {
  appointment: AppointmentFacts;
  clinic: ClinicFacts & { id: string; reminderLeadMs: number };
  client: Recipient;
  preferences: Schemas['MessagePreferences'];
}

interface FactsRow {
  id: string;
  version: number;
  status: Schemas['AppointmentStatus'];
  starts_at: Timestamp;
  ends_at: Timestamp;
  call_mode: Schemas['CallMode'] | null;
  service_name: string;
  preparation: string | null;
  what_to_bring: string | null;
  fasting_hours: number | null;
  clinic_id: string;
  clinic_name: string;
  time_zone: string;
  clinic_phone: string | null;
  clinic_address: string | null;
  video_room_url: string | null;
  reminder_lead_seconds: number;
  client_id: string;
  email: string;
  phone_number: string | null;
  first_name: string | null;
  preferred_contact_method: string | null;
  topics: { topic: Schemas['MessageTopic']; email: boolean; sms: boolean }[];
}

/** The client's choices, the defaults where it made none. */
export function preferencesOf(
  rows: readonly { topic: Schemas['MessageTopic']; email: boolean; sms: boolean }[],
  preferredContactMethod: string | null,
): Schemas['MessagePreferences'] {
  const preferences = defaultMessagePreferences(preferredContactMethod === 'sms');
  for (const row of rows) preferences[row.topic] = { email: row.email, sms: row.sms };
  return preferences;
}

export async function appointmentMessageFacts(db: Queryable, appointmentId: string): Promise<AppointmentMessageFacts> {
  const [row] = await db.query<FactsRow>(
    `SELECT a.id, a.version, a.status, a.starts_at, a.ends_at, a.call_mode,
            s.name AS service_name, s.preparation, s.what_to_bring, s.fasting_hours,
            c.id AS clinic_id, c.name AS clinic_name, c.time_zone, c.phone AS clinic_phone,
            c.address AS clinic_address, c.video_room_url, extract(epoch FROM c.reminder_lead)::int AS reminder_lead_seconds,
            u.id AS client_id, u.email, p.phone_number, p.first_name, p.preferred_contact_method,
            coalesce((SELECT json_agg(json_build_object('topic', mp.topic, 'email', mp.email, 'sms', mp.sms))
                      FROM message_preferences mp WHERE mp.client_id = a.client_id), '[]') AS topics
     FROM appointments a
     JOIN services s ON s.id = a.service_id
     JOIN clinics c ON c.id = a.clinic_id
     JOIN users u ON u.id = a.client_id
     LEFT JOIN profiles p ON p.client_id = a.client_id
     WHERE a.id = $1`,
    [appointmentId],
  );
  if (!row) throw new Error(`Appointment ${appointmentId} is not there to write a message about`);
  return {
    appointment: {
      id: row.id,
      version: row.version,
      status: row.status,
      startsAt: new Date(row.starts_at),
      endsAt: new Date(row.ends_at),
      serviceName: row.service_name,
      preparation: row.preparation,
      whatToBring: row.what_to_bring,
      fastingHours: row.fasting_hours,
      callMode: row.call_mode,
    },
    clinic: {
      id: row.clinic_id,
      name: row.clinic_name,
      timeZone: row.time_zone,
      phone: row.clinic_phone,
      address: row.clinic_address,
      videoRoomUrl: row.video_room_url,
      reminderLeadMs: row.reminder_lead_seconds * 1000,
    },
    client: { id: row.client_id, email: row.email, phone: row.phone_number, firstName: row.first_name },
    preferences: preferencesOf(row.topics, row.preferred_contact_method),
  };
}
