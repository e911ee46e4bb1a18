import { durationMinutes } from '@contract';
import { useState } from 'react';
import { newActionKey } from '../api/mutations';
import type { Resource, Service } from '../model/labels';
import type { BookingSlot } from './BookingDialog';
import type { FreeTime } from './NextFreeTimes';

/** The client chosen in the search field: their id, and the name the field shows. */
export interface ChosenClient {
  id: string;
  label: string;
}

/** The service's own length, in minutes as the length field offers them. */
const lengthOf = (service: Service) => String(durationMinutes(service.default_duration));

/**
 * A booking as it is being filled in, and its rules: the services offered are
 * those the resource can take (one alone is chosen for the person), the
 * length follows the service chosen, a resource that cannot take the service
 * clears it, and a free time tapped fills in the day, time and resource
 * without narrowing the free times offered. Any change starts a new action
 * key; retries of the same booking keep theirs.
 */
export function useBookingDraft(slot: BookingSlot, resources: readonly Resource[], services: readonly Service[]) {
  const [client, setClient] = useState<ChosenClient | null>(null);
  const [resourceId, setResourceId] = useState<string | null>(slot.resourceId);
  // The resource the person asked for (clicked or chosen), which narrows the free times; one filled in from a
  // free time does not, so the times offered stay put when one is tapped.
  const [askedResourceId, setAskedResourceId] = useState<string | null>(slot.resourceId);
  const resource = resources.find((item) => item.id === resourceId) ?? null;
  const fitting = services.filter((candidate) => !resource || candidate.resource_kinds.includes(resource.kind));
  const [serviceId, setServiceId] = useState<string | null>(fitting.length === 1 ? fitting[0]!.id : null);
  const service = services.find((item) => item.id === serviceId) ?? null;
  const [date, setDate] = useState(slot.date);
  const [time, setTime] = useState(slot.time);
  const [minutes, setMinutes] = useState<string | null>(service ? lengthOf(service) : null);
  const [notes, setNotes] = useState('');
  // One key for this booking, kept across retries of it; a new one once anything in it changes.
  const [actionKey, setActionKey] = useState(newActionKey);
  const edited = () => setActionKey(newActionKey());

  return {
    client,
    resourceId,
    askedResourceId,
    resource,
    fitting,
    serviceId,
    service,
    date,
    time,
    minutes,
    notes,
    actionKey,
    chooseClient: (next: ChosenClient | null) => {
      edited();
      setClient(next);
    },
    chooseResource: (id: string | null) => {
      edited();
      setResourceId(id);
      setAskedResourceId(id);
      const next = resources.find((item) => item.id === id);
      if (next && service && !service.resource_kinds.includes(next.kind)) setServiceId(null);
    },
    chooseService: (id: string | null) => {
      edited();
      setServiceId(id);
      const chosen = services.find((item) => item.id === id);
      // The length follows the service unless the person changes it after choosing.
      if (chosen) setMinutes(lengthOf(chosen));
    },
    chooseFreeTime: (free: FreeTime) => {
      edited();
      setDate(free.date);
      setTime(free.time);
      setResourceId(free.resourceId);
      // Free times are computed for the service's own length.
      if (service) setMinutes(lengthOf(service));
    },
    changeWhen: (next: { date?: string; time?: string; minutes?: string | null }) => {
      edited();
      if (next.date !== undefined) setDate(next.date);
      if (next.time !== undefined) setTime(next.time);
      if (next.minutes !== undefined) setMinutes(next.minutes);
    },
    changeNotes: (next: string) => {
      edited();
      setNotes(next);
    },
  };
}
