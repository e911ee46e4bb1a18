import { Button, Chip, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPhoneCheck } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { addDays, contactedAtProblems, type components } from '@contract';
import { useState } from 'react';
import { ChoiceCards } from '@/components/ChoiceCards';
import { TimeOfDayInput } from '@/components/TimeOfDayInput';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { toastFailure, toastSuccess } from '@/components/toasts';
import {
  WALL_TIME_MESSAGE,
  dateOn,
  formatDateTime,
  formatDay,
  instantOn,
  isWallTime,
  todayOn,
  useClock,
  wallTime,
} from '@/lib/intl';
import { useUnsentChanges } from '@/lib/outbox';
import { contactsRecord, recordWellbeingContact, type ContactGiven } from '../api/contacts';
import { GrowingTextarea } from '@/components/GrowingTextarea';

type Schemas = components['schemas'];

const METHODS: readonly { value: Schemas['OutreachMethod']; label: string }[] = [
  { value: 'phone', label: 'Phone' },
  { value: 'video', label: 'Video' },
  { value: 'in_person', label: 'In person' },
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'E-mail' },
];

const OUTCOMES: readonly { value: Schemas['ContactOutcome']; label: string; past: string }[] = [
  { value: 'reached', label: 'Reached: we spoke', past: 'reached' },
  { value: 'message_left', label: 'Left a message', past: 'left a message' },
  { value: 'no_answer', label: 'No answer', past: 'no answer' },
];

const methodLabel = (value: Schemas['OutreachMethod']) => METHODS.find((item) => item.value === value)?.label ?? value;
const outcomePast = (value: Schemas['ContactOutcome']) => OUTCOMES.find((item) => item.value === value)?.past ?? value;

/** The days a contact can have happened on: from the check's day to today, at the clinic. */
function daysSince(takenAt: string, today: string, clock: ReturnType<typeof useClock>): string[] {
  const days: string[] = [];
  for (let day = today; day >= dateOn(takenAt, clock) && days.length < 14; day = addDays(day, -1)) days.push(day);
  return days;
}

/** Records a contact: when (on the clinic's 24-hour clock), how, the outcome and a note. */
function ContactForm({
  alert,
  onDone,
  onRecord,
}: {
  alert: Schemas['WellbeingAlert'];
  onDone: () => void;
  onRecord: (contact: ContactGiven) => Promise<void>;
}) {
  const clock = useClock();
  const today = todayOn(clock);
  const days = daysSince(alert.taken_at, today, clock);
  const [day, setDay] = useState(today);
  const [time, setTime] = useState(() => wallTime(new Date(), clock));
  const [method, setMethod] = useState<Schemas['OutreachMethod']>('phone');
  const [outcome, setOutcome] = useState<Schemas['ContactOutcome']>('reached');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!isWallTime(time)) return setError(WALL_TIME_MESSAGE);
    const at = instantOn(day, time, clock);
    // The server's rule, asked here first: the same minute as the check is after it.
    const [problem] = contactedAtProblems(at, { now: new Date(), resultTakenAt: new Date(alert.taken_at) });
    if (problem) return setError(`${problem.message.charAt(0).toUpperCase()}${problem.message.slice(1)}.`);
    setError(null);
    await onRecord({ contacted_at: at, method, outcome, note: note.trim() === '' ? null : note.trim() });
    onDone();
  };
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-start" grow>
        <Select
          label="Day"
          data={days.map((value) => ({ value, label: formatDay(value, {}, clock.locale) }))}
          value={day}
          onChange={(value) => setDay(value ?? today)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TimeOfDayInput label="Time" value={time} onChange={setTime} error={error} />
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          How
        </Text>
        <Chip.Group
          value={method}
          onChange={(value) => setMethod((METHODS.find((item) => item.value === value) ?? METHODS[0]!).value)}
        >
          <Group gap="xs">
            {METHODS.map((item) => (
              <Chip key={item.value} value={item.value} size="md">
                {item.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <ChoiceCards label="Outcome" value={outcome} options={OUTCOMES} onChange={setOutcome} />
      <GrowingTextarea
        label="Note"
        description="What was agreed; no diagnosis. Kept in the client's record."
        minRows={2}
        maxLength={1000}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={() => void submit()}>Record contact</Button>
      </Group>
    </Stack>
  );
}

/**
 * A very low Thrive check on the client's page: the score, every contact
 * staff recorded about it (and those not yet sent), and 'Record contact'.
 * Reaching the client takes them off the hub's 'Needs attention'; every
 * attempt stays in the record.
 */
export function WellbeingFollowUp({
  alert,
  clientId,
  clientName,
  mayRecord,
}: {
  alert: Schemas['WellbeingAlert'];
  clientId: string;
  clientName: string;
  /** The viewer's role records contacts with clients (the contract's `assessments.contact`). */
  mayRecord: boolean;
}) {
  const clock = useClock();
  const link = useRouterState({ select: (state) => state.location.href });
  const [opened, { open, close }] = useDisclosure(false);
  const unsent = useUnsentChanges(contactsRecord(alert.assessment_id));
  const pending = unsent.map((item) => item.request.body as Schemas['WellbeingContactCreate']);
  const reached = alert.contacts.find((contact) => contact.outcome === 'reached');
  const reachedHere = pending.some((contact) => contact.outcome === 'reached');
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TintBadge color={reached || reachedHere ? 'gray' : 'red'} radius="sm">
          Very low Thrive check
        </TintBadge>
        <Text size="sm">
          {alert.score} / 100 on {formatDateTime(alert.taken_at, clock)}.{' '}
          {reached
            ? `Reached by ${reached.by_name} on ${formatDateTime(reached.contacted_at, clock)}.`
            : reachedHere
              ? 'Reached: recorded on this device, not yet on the server.'
              : 'Nobody has reached the client about it yet.'}
        </Text>
      </Group>
      {(alert.contacts.length > 0 || pending.length > 0) && (
        <Stack component="ul" gap={2} m={0} pl="md" aria-label="Contacts about this check">
          {alert.contacts.map((contact) => (
            <Text component="li" size="sm" key={contact.id}>
              {formatDateTime(contact.contacted_at, clock)}, {methodLabel(contact.method)}, {contact.by_name}:{' '}
              {outcomePast(contact.outcome)}
              {contact.note ? `. ${contact.note}` : ''}
            </Text>
          ))}
          {pending.map((contact) => (
            <Text component="li" size="sm" key={contact.id}>
              {formatDateTime(contact.contacted_at, clock)}, {methodLabel(contact.method)}, you:{' '}
              {outcomePast(contact.outcome)} (not yet on the server)
            </Text>
          ))}
        </Stack>
      )}
      {mayRecord && (
        <Button
          variant={reached ? 'default' : 'filled'}
          leftSection={<IconPhoneCheck size={18} aria-hidden />}
          onClick={open}
          style={{ alignSelf: 'flex-start' }}
        >
          Record contact
        </Button>
      )}
      <Modal opened={opened} onClose={close} title={`Contact with ${clientName}`}>
        <ContactForm
          alert={alert}
          onDone={close}
          onRecord={(contact) =>
            recordWellbeingContact({ assessmentId: alert.assessment_id, clientId, clientName, contact, link }).then(
              () => toastSuccess('The contact is recorded.'),
              () => toastFailure('The contact could not be kept on this device. Please try again.', 'Not recorded'),
            )
          }
        />
      </Modal>
    </Stack>
  );
}
