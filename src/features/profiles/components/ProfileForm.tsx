import { Button, Group, Modal, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import * as v from 'valibot';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { toastSuccess } from '@/components/toasts';
import { ROLE_LABELS, roleLabel, type Role } from '@/lib/auth/roles';
import { useOnline } from '@/pwa/connection';
import { useUnsavedDraft } from '@/pwa/drafts';
import { saveProfileChange } from '../api/queries';
import { FIELD_LABELS, sectionsShown } from '../model/fields';
import { changedFields, formValuesOf, type ParsedProfile, type ProfileFormValues } from '../model/form-values';
import type { ProfileEditRights } from '../model/permissions';
import type { Profile } from '../model/profile';
import { SAVE_MESSAGES } from '../model/save-errors';
import { profileFormSchema } from '../schemas';
import { LeaveGuard } from './LeaveGuard';
import { ProfileFieldInput, type ProfileFormApi } from './ProfileFieldInput';
import { ConsentSection, RecordSection } from './ProfileRecord';
import { ReadOnlyProfileField, SectionCard } from './ProfileSection';
import { useHere } from '@/components/useHere';
import { todayOn, useClock } from '@/lib/intl';
import { Term } from '@/components/signed-in/Term';

/** What the draft guard calls this work when it warns. */
export const PROFILE_DRAFT_LABEL = 'Profile changes';

/** Moves focus to the first field marked invalid, after React has drawn the marks. */
function focusFirstError(formId: string): void {
  requestAnimationFrame(() =>
    document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
  );
}

function RoleSection({
  form,
  choices,
  current,
}: {
  form: ProfileFormApi;
  choices: readonly Role[];
  current: Role | null;
}) {
  const options = [
    ...(current === null ? [{ value: '', label: 'No role', disabled: true }] : []),
    ...choices.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
  ];
  return (
    <SectionCard
      title="Role"
      description="What this person can open in Thrive. A change applies from their next sign-in or token refresh."
    >
      <NativeSelect size="md" label={FIELD_LABELS.role} data={options} {...form.getInputProps('role')} />
      <Term label="Role now">{roleLabel(current)}</Term>
    </SectionCard>
  );
}

export interface ProfileFormProps {
  /** The profile as the person sees it (with their unsent changes); its version goes with the save. */
  profile: Profile;
  rights: ProfileEditRights;
  /** The person edits their own profile (the browser may autofill their details). */
  own: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

/** Edits the fields the person may change; shows the others read-only. */
export function ProfileForm({ profile, rights, own, onSaved, onCancel }: ProfileFormProps) {
  const online = useOnline();
  const here = useHere();
  const formId = useId();
  const [initialValues] = useState(() => formValuesOf(profile));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  // The checks of the fields the person may change, from the contract's field table.
  const clock = useClock();
  const schema = useMemo(
    () =>
      profileFormSchema({
        base: profile,
        fields: rights.fields,
        roleChoices: rights.roleChoices,
        today: () => todayOn(clock),
      }),
    [profile, rights.fields, rights.roleChoices, clock],
  );
  const form = useForm<ProfileFormValues, ParsedProfile>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
    // What is submitted is the schema's output: the contract's values of the fields the person may change.
    transformValues: (values) => v.parse(schema, values),
  });

  const dirty = form.isDirty();
  useUnsavedDraft(dirty, PROFILE_DRAFT_LABEL);

  useEffect(() => {
    // Editing starts in the first field the person may change.
    document
      .getElementById(formId)
      ?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')
      ?.focus();
  }, [formId]);

  async function submit(values: ParsedProfile): Promise<void> {
    setProblem(null);
    const changes = changedFields(profile, values);
    if (Object.keys(changes).length === 0) {
      // Typed and put back as it was: nothing to send.
      onCancel();
      return;
    }
    setSaving(true);
    try {
      await saveProfileChange({ profile, changes, link: here() });
    } catch {
      setProblem(SAVE_MESSAGES.notKept);
      setSaving(false);
      return;
    }
    form.resetDirty();
    toastSuccess(onlineManager.isOnline() ? SAVE_MESSAGES.sending : SAVE_MESSAGES.keptOffline, 'Saved');
    onSaved();
  }

  function cancel(): void {
    if (dirty) setConfirmingCancel(true);
    else onCancel();
  }

  // Only what the viewer may read is there to show (and what it may write is a part of that).
  const sections = sectionsShown(profile);
  const readOnlyShown = sections.some((section) => section.fields.some((field) => !rights.fields.has(field)));

  return (
    <form
      id={formId}
      noValidate
      aria-label="Edit profile"
      onSubmit={form.onSubmit(
        (values) => void submit(values),
        () => {
          setProblem(SAVE_MESSAGES.invalid);
          focusFirstError(formId);
        },
      )}
    >
      <LeaveGuard when={dirty && !saving} what="Your profile changes" />
      <Modal
        opened={confirmingCancel}
        onClose={() => setConfirmingCancel(false)}
        title="Discard your changes?"
        centered
      >
        <Stack gap="md">
          <Text>The changes you made to this profile are not saved. Discard them?</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmingCancel(false)} data-autofocus>
              Keep editing
            </Button>
            <Button
              color="red"
              onClick={() => {
                setConfirmingCancel(false);
                form.resetDirty();
                onCancel();
              }}
            >
              Discard changes
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Stack gap="md">
        {readOnlyShown && (
          <Text size="sm" c="dimmed">
            Details shown without an input box can be changed only by the clinic.
          </Text>
        )}
        {rights.roleChoices.length > 0 && (
          <RoleSection form={form} choices={rights.roleChoices} current={profile.role} />
        )}
        {sections.map((section) => (
          <SectionCard key={section.id} title={section.title} description={section.description}>
            {section.id === 'contact' && <Term label="Sign-in email">{profile.email}</Term>}
            {section.fields.map((field) =>
              rights.fields.has(field) ? (
                <ProfileFieldInput key={field} field={field} form={form} own={own} />
              ) : (
                <ReadOnlyProfileField key={field} profile={profile} field={field} />
              ),
            )}
          </SectionCard>
        ))}
        {profile.role === 'CLIENT' && <ConsentSection profile={profile} />}
        <RecordSection profile={profile} />
        <Paper
          withBorder
          shadow="md"
          radius="lg"
          p="sm"
          style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 2 }}
        >
          <Stack gap="xs">
            {!online && (
              <Text size="sm" role="status" fw={500}>
                {SAVE_MESSAGES.offlineNotice}
              </Text>
            )}
            <FormError message={problem} onDismiss={() => setProblem(null)} />
            <FormActions
              submit={{ label: 'Save changes', pending: saving }}
              secondary={{ label: 'Cancel', onClick: cancel }}
            />
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}
