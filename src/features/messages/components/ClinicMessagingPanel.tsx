import { SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import type { components } from '@contract';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { QueryState } from '@/components/QueryState';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { toastSuccess } from '@/components/toasts';
import { isApiError } from '@/lib/api';
import { clinicsQueryOptions, type Clinic } from '@/features/clinics';
import { clinicMessagingQueryOptions, useSaveClinicMessaging } from '../api/queries';
import {
  ClinicMessagingFormSchema,
  LEAD_HOURS_MAX,
  changesOf,
  formValuesOf,
  type ClinicMessagingFormValues,
} from '../model/clinic-messaging';

type ClinicMessaging = components['schemas']['ClinicMessaging'];

const FORM_FIELDS = new Set<string>(['reminder_lead_hours', 'video_room_url', 'care_inbox']);

/**
 * For the administration: how each clinic's messages go out. How long before an appointment its
 * reminder goes, the intake call's video room (sent with a video call's reminder) and the care inbox
 * that a very low Thrive check alerts.
 */
export function ClinicMessagingPanel() {
  const clinics = useQuery(clinicsQueryOptions());
  return (
    <PanelCard title="Clinics’ messages" gap="md" padding="lg">
      <Text size="sm">
        When each clinic’s reminders go, the video room an intake call by video joins, and the care inbox told of a very
        low Thrive check (the e-mail names no client).
      </Text>
      <QueryState query={clinics} what="The clinics">
        {(data) => data.results.map((clinic) => <ClinicMessagingForm key={clinic.id} clinic={clinic} />)}
      </QueryState>
    </PanelCard>
  );
}

function ClinicMessagingForm({ clinic }: { clinic: Clinic }) {
  const messaging = useQuery(clinicMessagingQueryOptions(clinic.id));
  return (
    <QueryState query={messaging} what={`How ${clinic.name}’s messages go out`}>
      {(saved) => <ClinicMessagingEditor key={JSON.stringify(saved)} clinicName={clinic.name} saved={saved} />}
    </QueryState>
  );
}

function ClinicMessagingEditor({ clinicName, saved }: { clinicName: string; saved: ClinicMessaging }) {
  const save = useSaveClinicMessaging(saved.clinic_id);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ClinicMessagingFormValues>({
    mode: 'controlled',
    initialValues: formValuesOf(saved),
    validate: schemaResolver(ClinicMessagingFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    setProblem(null);
    const changes = changesOf(saved, v.parse(ClinicMessagingFormSchema, values));
    if (Object.keys(changes).length === 0) return;
    save.mutate(changes, {
      onSuccess: () => toastSuccess(`${clinicName}’s messages are set.`, 'Saved'),
      onError: (error) => {
        const onFields = Object.entries(isApiError(error) ? error.fieldErrors : {}).filter(([field]) =>
          FORM_FIELDS.has(field),
        );
        if (onFields.length > 0) form.setErrors(Object.fromEntries(onFields));
        else setProblem(isApiError(error) ? error.message : 'Nothing was saved: Thrive could not reach the server.');
      },
    });
  });

  return (
    <form noValidate onSubmit={submit} aria-label={`Messages of ${clinicName}`}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {clinicName}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Reminder lead (hours)"
            description={`1 to ${LEAD_HOURS_MAX}`}
            inputMode="numeric"
            required
            {...form.getInputProps('reminder_lead_hours')}
          />
          <TextInput
            label="Video room"
            description="https:// address, or empty"
            type="url"
            {...form.getInputProps('video_room_url')}
          />
          <TextInput
            label="Care inbox"
            description="E-mail address, or empty"
            type="email"
            {...form.getInputProps('care_inbox')}
          />
        </SimpleGrid>
        <FormError message={problem} onDismiss={() => setProblem(null)} />
        <FormActions submit={{ label: 'Save', pending: save.isPending, disabled: !form.isDirty() }} />
      </Stack>
    </form>
  );
}
