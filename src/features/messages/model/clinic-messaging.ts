import * as v from 'valibot';
import type { components } from '@contract';

type ClinicMessaging = components['schemas']['ClinicMessaging'];
type ClinicMessagingPatch = components['schemas']['ClinicMessagingPatch'];

/** The contract's bounds (openapi/clinic.yaml, ReminderLeadHours, VideoRoomUrl, CareInbox). */
export const LEAD_HOURS_MAX = 168;
const URL_MAX = 500;
const EMAIL_MAX = 254;

export const CLINIC_MESSAGING_MESSAGES = {
  lead: `Enter a whole number of hours from 1 to ${LEAD_HOURS_MAX} (a week)`,
  videoRoom: 'Enter the room’s address, starting https://, or leave it empty',
  careInbox: 'Enter an e-mail address, or leave it empty',
} as const;

/** What the form holds, as typed. */
export interface ClinicMessagingFormValues {
  reminder_lead_hours: string;
  video_room_url: string;
  care_inbox: string;
}

export function formValuesOf(messaging: ClinicMessaging): ClinicMessagingFormValues {
  return {
    reminder_lead_hours: String(messaging.reminder_lead_hours),
    video_room_url: messaging.video_room_url ?? '',
    care_inbox: messaging.care_inbox ?? '',
  };
}

const emptyAsNull = (text: string) => (text === '' ? null : text);

/** The form's checks; its output is the clinic's messaging as the contract has it. */
export const ClinicMessagingFormSchema = v.object({
  reminder_lead_hours: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,3}$/, CLINIC_MESSAGING_MESSAGES.lead),
    v.transform(Number),
    v.minValue(1, CLINIC_MESSAGING_MESSAGES.lead),
    v.maxValue(LEAD_HOURS_MAX, CLINIC_MESSAGING_MESSAGES.lead),
  ),
  video_room_url: v.pipe(
    v.string(),
    v.trim(),
    v.check((text) => text === '' || /^https:\/\/\S+$/.test(text), CLINIC_MESSAGING_MESSAGES.videoRoom),
    v.maxLength(URL_MAX, CLINIC_MESSAGING_MESSAGES.videoRoom),
    v.transform(emptyAsNull),
  ),
  care_inbox: v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.check((text) => text === '' || v.is(v.pipe(v.string(), v.email()), text), CLINIC_MESSAGING_MESSAGES.careInbox),
    v.maxLength(EMAIL_MAX, CLINIC_MESSAGING_MESSAGES.careInbox),
    v.transform(emptyAsNull),
  ),
});

type Checked = v.InferOutput<typeof ClinicMessagingFormSchema>;

/** The fields that differ from what the server holds: a save names only those (and is audited so). */
export function changesOf(saved: ClinicMessaging, checked: Checked): ClinicMessagingPatch {
  return Object.fromEntries(
    (Object.keys(checked) as (keyof Checked)[])
      .filter((field) => checked[field] !== saved[field])
      .map((field) => [field, checked[field]]),
  );
}
