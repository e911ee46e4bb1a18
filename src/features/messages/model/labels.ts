import type { components } from '@contract';

type Schemas = components['schemas'];

export const KIND_LABELS: Readonly<Record<Schemas['MessageKind'], string>> = {
  booking_confirmation: 'Booking confirmation',
  reminder: 'Reminder',
  appointment_moved: 'Move notice',
  appointment_cancelled: 'Cancellation notice',
  staff_alert: 'Staff alert',
  temporary_password: 'Temporary password',
  invitation: 'Invitation',
};

export const STATUS_LABELS: Readonly<Record<Schemas['MessageStatus'], { label: string; color: string }>> = {
  pending: { label: 'Waiting', color: 'gray' },
  sent: { label: 'Sent', color: 'thrive' },
  delivered: { label: 'Delivered', color: 'thrive' },
  failed: { label: 'Not sent', color: 'red' },
  skipped: { label: 'Not sent', color: 'gray' },
};

export const CHANNEL_LABELS: Readonly<Record<Schemas['MessageChannel'], string>> = { email: 'E-mail', sms: 'SMS' };
