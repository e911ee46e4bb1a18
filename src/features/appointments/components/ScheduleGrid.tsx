import { ResourcesDayView, ResourcesWeekView, type ScheduleEventData } from '@mantine/schedule';
import { useMemo, type CSSProperties } from 'react';
import { useGrowingList } from '@/components/progressive-render';
import { STATUS_BLOCK_COLORS, STATUS_LABELS, type Resource, type ScheduleEntry } from '../model/labels';
import { TOUCH_TARGET_PX } from '@/config/touch';
import { wallClockDate, wallDateTime, type ClinicClock } from '@/lib/intl';
import type { ScheduleHours } from '../model/schedule-view';
import { ScheduleLegend } from './ScheduleLegend';

export type ScheduleView = 'day' | 'week';

/** Statuses that hold their time; cancelled and no-show ones are listed elsewhere, not drawn over free slots. */
function drawn(
  appointment: ScheduleEntry,
): appointment is ScheduleEntry & { status: keyof typeof STATUS_BLOCK_COLORS } {
  return Object.hasOwn(STATUS_BLOCK_COLORS, appointment.status);
}

/*
 * Lanes drawn in the first commit (about a tablet's screenful), then added a few at a time in background renders: a
 * week of a clinic's lanes is thousands of slots and hundreds of appointments, seconds of a slow tablet's main thread
 * when drawn at once.
 */
const FIRST_LANES = { day: 8, week: 3 } as const;
const LANES_PER_STEP = { day: 4, week: 3 } as const;

// Plain elements with fixed styles: a week draws hundreds of these, and a styled component each costs far more.
const EVENT_BODY: CSSProperties = { display: 'block', overflow: 'hidden', lineHeight: 1.2, color: 'white' };
// As Mantine's extra-small text draws it.
const EVENT_LINE: CSSProperties = {
  display: 'block',
  fontSize: 'var(--mantine-font-size-xs)',
  lineHeight: 'var(--mantine-line-height-xs)',
  fontWeight: 400,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
};
const EVENT_NAME: CSSProperties = { ...EVENT_LINE, fontWeight: 700 };

function EventBody({ event }: { event: ScheduleEventData<{ appointment: ScheduleEntry }> }) {
  const appointment = event.payload?.appointment;
  if (!appointment) return event.title;
  return (
    <span style={EVENT_BODY}>
      <span style={EVENT_NAME}>{appointment.client_name}</span>
      <span style={EVENT_LINE}>
        {appointment.service_name} · {STATUS_LABELS[appointment.status]}
      </span>
    </span>
  );
}

/**
 * The clinic's resources as lanes against the clock (@mantine/schedule's
 * resource day and week views), on the clinic's clock: every time is placed
 * by its wall-clock reading in the clinic's zone, and the current-time line
 * follows that clock too. An empty slot books; an appointment opens; on a
 * pointer device a booked one can be dragged to another time or resource.
 */
export function ScheduleGrid({
  view,
  date,
  clock,
  resources,
  appointments,
  hours,
  scrollStart,
  onSlot,
  onOpen,
  onMove,
}: {
  view: ScheduleView;
  /** YYYY-MM-DD on the clinic's clock (for the week view, any day of it). */
  date: string;
  clock: ClinicClock;
  resources: readonly Resource[];
  appointments: readonly ScheduleEntry[];
  /** The hours drawn, HH:mm:ss. */
  hours: ScheduleHours;
  /** Where the grid opens scrolled to, YYYY-MM-DD HH:mm:ss (today's now, when today is shown). */
  scrollStart: string;
  onSlot: (resourceId: string, wallClock: string) => void;
  onOpen: (appointment: ScheduleEntry) => void;
  onMove: (appointment: ScheduleEntry, wallClock: string, resourceId: string) => void;
}) {
  const shownResources = useGrowingList(resources, FIRST_LANES[view], LANES_PER_STEP[view]);
  const lanes = useMemo(
    () => shownResources.map((resource) => ({ id: resource.id, label: resource.name })),
    [shownResources],
  );
  const events = useMemo(() => {
    const laneIds = new Set(shownResources.map((resource) => resource.id));
    return appointments
      .filter(drawn)
      .filter((appointment) => laneIds.has(appointment.resource_id))
      .map((appointment): ScheduleEventData<{ appointment: ScheduleEntry }> => ({
        id: appointment.id,
        title: `${appointment.client_name}: ${appointment.service_name}, ${STATUS_LABELS[appointment.status]}`,
        start: wallClockDate(appointment.starts_at, clock),
        end: wallClockDate(appointment.ends_at, clock),
        color: STATUS_BLOCK_COLORS[appointment.status],
        variant: 'filled',
        resourceId: appointment.resource_id,
        payload: { appointment },
      }));
  }, [appointments, shownResources, clock]);
  const byId = useMemo(() => new Map(appointments.map((appointment) => [appointment.id, appointment])), [appointments]);

  const common = {
    date,
    resources: lanes,
    events,
    startTime: hours.start,
    endTime: hours.end,
    withHeader: false,
    withCurrentTimeIndicator: true,
    getCurrentTime: () => wallDateTime(Date.now(), clock),
    withEventsDragAndDrop: true,
    canDragEvent: (event: ScheduleEventData) => byId.get(String(event.id))?.status === 'booked',
    renderEventBody: (event: ScheduleEventData) => (
      <EventBody event={event as ScheduleEventData<{ appointment: ScheduleEntry }>} />
    ),
    onTimeSlotClick: ({ slotStart, resourceId }: { slotStart: string; resourceId?: string | number }) => {
      if (resourceId !== undefined) onSlot(String(resourceId), slotStart);
    },
    onEventClick: (event: ScheduleEventData) => {
      const appointment = byId.get(String(event.id));
      if (appointment) onOpen(appointment);
    },
    onEventDrop: ({
      eventId,
      newStart,
      resourceId,
    }: {
      eventId: string | number;
      newStart: string;
      resourceId?: string | number;
    }) => {
      const appointment = byId.get(String(eventId));
      if (appointment)
        onMove(appointment, newStart, resourceId === undefined ? appointment.resource_id : String(resourceId));
    },
    rowHeight: 56,
    maxEventsPerTimeSlot: 1,
    // A ten-minute test is still a whole touch target wide.
    minEventSize: TOUCH_TARGET_PX,
  };

  return (
    <>
      {view === 'day' ? (
        <ResourcesDayView {...common} intervalMinutes={30} slotWidth={72} startScrollTime={scrollStart.slice(11)} />
      ) : (
        <ResourcesWeekView {...common} intervalMinutes={60} slotWidth={56} startScrollDateTime={scrollStart} />
      )}
      <ScheduleLegend />
    </>
  );
}
