import type { components } from '@contract';

type Schemas = components['schemas'];
export type Appointment = Schemas['Appointment'];
export type AppointmentStatus = Schemas['AppointmentStatus'];
/** What a schedule grid draws of an appointment (`GET schedule`); a whole Appointment has all of it too. */
export type ScheduleEntry = Schemas['ScheduleEntry'];
export type AppointmentPatch = Schemas['AppointmentPatch'];
export type AppointmentCreate = Schemas['AppointmentCreate'];
export type Resource = Schemas['Resource'];
export type ResourceKind = Schemas['ResourceKind'];
export type Service = Schemas['Service'];

export const STATUS_LABELS: Readonly<Record<AppointmentStatus, string>> = {
  booked: 'Booked',
  checked_in: 'Checked in',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

/** Mantine colours per status: the chip and the block on the schedule. */
export const STATUS_COLORS: Readonly<Record<AppointmentStatus, string>> = {
  booked: 'blue',
  checked_in: 'orange',
  in_progress: 'grape',
  completed: 'teal',
  cancelled: 'gray',
  no_show: 'red',
};

/**
 * The blocks on the schedule: filled, with white words, in shades dark enough
 * for 4.5:1 (Mantine's darkest orange is not, so checked-in takes a deeper one).
 */
export const STATUS_BLOCK_COLORS: Readonly<Record<'booked' | 'checked_in' | 'in_progress' | 'completed', string>> = {
  booked: 'var(--mantine-color-blue-9)',
  checked_in: '#a63c06',
  in_progress: 'var(--mantine-color-grape-9)',
  completed: 'var(--mantine-color-teal-9)',
};

export const RESOURCE_KIND_LABELS: Readonly<Record<ResourceKind, string>> = {
  iv_chair: 'IV chairs',
  hbot_chamber: 'HBOT chambers',
  hbot_seat: 'HBOT chamber seats',
  red_light: 'Red light',
  pemf: 'PEMF',
  sauna: 'Saunas',
  consultation_room: 'Consultation rooms',
  test_room: 'Test rooms',
  call_line: 'Call lines',
};

/** What the button for each move says, and what the toast says once it went through. */
export const MOVE_ACTIONS: Readonly<Record<AppointmentStatus, { label: string; done: string }>> = {
  booked: { label: 'Book again', done: 'booked again' },
  checked_in: { label: 'Check in', done: 'checked in' },
  in_progress: { label: 'Start', done: 'started' },
  completed: { label: 'Complete', done: 'completed' },
  cancelled: { label: 'Cancel appointment', done: 'cancelled' },
  no_show: { label: 'Mark no-show', done: 'marked as a no-show' },
};
