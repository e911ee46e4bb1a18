import { Button, Group, Modal, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { toastSuccess } from '@/components/toasts';
import { isApiError } from '@/lib/api';
import { ROLE_LABELS, roleLabel, type Role } from '@/lib/auth/roles';
import { useOnline } from '@/pwa/connection';
import { useUnsavedDraft } from '@/pwa/drafts';
import { refreshProfile, useSaveProfile } from '../api/queries';
import { unsavedChanges, withChanges, type UnsavedChange } from '../model/conflict';
import { FIELD_LABELS, PROFILE_SECTIONS, type EditableField } from '../model/fields';
import {
  changedFields,
  formValuesOf,
  pickChanges,
  pickFormValues,
  type ParsedProfile,
  type ProfileFormValues,
} from '../model/form-values';
import type { ProfileEditRights } from '../model/permissions';
import type { Profile } from '../model/profile';
import { SAVE_MESSAGES, saveFailureMessage, serverFieldErrors } from '../model/save-errors';
import { profileFormSchema } from '../schemas';
import { ConflictNotice } from './ConflictNotice';
import { LeaveGuard } from './LeaveGuard';
import { ProfileFieldInput, type ProfileFormApi } from './ProfileFieldInput';
import { ConsentSection, RecordSection } from './ProfileRecord';
import { ReadOnlyField, ReadOnlyProfileField, SectionCard } from './ProfileSection';

/** What the draft guard calls this work when it warns. */
export const PROFILE_DRAFT_LABEL = 'Profile changes';

interface Conflict {
  /** The person's changes that the current profile does not hold. */
  changes: ParsedProfile;
  list: UnsavedChange[];
}

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
      <ReadOnlyField label="Role now">{roleLabel(current)}</ReadOnlyField>
    </SectionCard>
  );
}

export interface ProfileFormProps {
  /** The profile as it was when editing started: its version goes with the save. */
  profile: Profile;
  rights: ProfileEditRights;
  /** The person edits their own profile (the browser may autofill their details). */
  own: boolean;
  onSaved: (profile: Profile) => void;
  onCancel: () => void;
}

/** Edits the fields the person may change; shows the others read-only. */
export function ProfileForm({ profile, rights, own, onSaved, onCancel }: ProfileFormProps) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const save = useSaveProfile(profile.client_id);
  const formId = useId();
  const conflictRef = useRef<HTMLDivElement>(null);
  /** The version being edited; after a conflict, the profile as it was then read. */
  const [base, setBase] = useState(profile);
  const [initialValues] = useState(() => formValuesOf(profile));
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  // The checks of the fields the person may change, from the contract's field table.
  const schema = useMemo(
    () => profileFormSchema({ base, fields: rights.fields, roleChoices: rights.roleChoices }),
    [base, rights.fields, rights.roleChoices],
  );
  const form = useForm<ProfileFormValues, ParsedProfile>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
    // What is submitted is the schema's output: the contract's values of the fields the person may change.
    transformValues: (values) => v.parse(schema, values),
  });

  const dirty = form.isDirty() || conflict !== null;
  useUnsavedDraft(dirty, PROFILE_DRAFT_LABEL);

  useEffect(() => {
    // Editing starts in the first field the person may change.
    document
      .getElementById(formId)
      ?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')
      ?.focus();
  }, [formId]);

  const inConflict = conflict !== null;
  useEffect(() => {
    if (!inConflict) return;
    // When a conflict starts, the notice is where attention goes next: brought into view and focused.
    conflictRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    conflictRef.current?.focus({ preventScroll: true });
  }, [inConflict]);

  const inputs = new Set<EditableField>([
    ...rights.fields,
    ...(rights.roleChoices.length > 0 ? ['role' as const] : []),
  ]);

  async function showConflict(changes: ParsedProfile): Promise<void> {
    let current: Profile;
    try {
      current = await refreshProfile(queryClient, profile.client_id);
    } catch {
      setProblem(SAVE_MESSAGES.conflictUnread);
      return;
    }
    setBase(current);
    const fresh = formValuesOf(current);
    form.setInitialValues(fresh);
    form.setValues(fresh);
    form.resetDirty(fresh);
    form.clearErrors();
    setConflict({ changes, list: unsavedChanges(changes, current) });
  }

  function failed(error: unknown, changes: ParsedProfile): void {
    if (isApiError(error) && error.status === 412) {
      void showConflict(changes);
      return;
    }
    const fields = serverFieldErrors(error, inputs);
    form.setErrors(fields.onFields);
    setProblem(saveFailureMessage(error, fields));
    focusFirstError(formId);
  }

  function submit(values: ParsedProfile): void {
    setProblem(null);
    const changes = changedFields(base, values);
    if (Object.keys(changes).length === 0) {
      // Typed and put back as it was: nothing to send.
      onCancel();
      return;
    }
    if (!onlineManager.isOnline()) {
      setProblem(SAVE_MESSAGES.offline);
      return;
    }
    save.mutate(
      { changes, version: base.version },
      {
        onSuccess: (saved) => {
          form.resetDirty();
          setConflict(null);
          toastSuccess('The profile was saved.', 'Saved');
          onSaved(saved);
        },
        onError: (error) => failed(error, changes),
      },
    );
  }

  function apply(fields: readonly EditableField[]): void {
    if (!conflict) return;
    const merged = formValuesOf(withChanges(base, pickChanges(conflict.changes, fields)));
    form.setValues(pickFormValues(merged, fields));
    const list = conflict.list.filter((change) => !fields.includes(change.field));
    setConflict(list.length > 0 ? { ...conflict, list } : null);
  }

  function cancel(): void {
    if (dirty) setConfirmingCancel(true);
    else onCancel();
  }

  const readOnlyShown = PROFILE_SECTIONS.some((section) => section.fields.some((field) => !rights.fields.has(field)));

  return (
    <form
      id={formId}
      noValidate
      aria-label="Edit profile"
      onSubmit={form.onSubmit(submit, () => {
        setProblem(SAVE_MESSAGES.invalid);
        focusFirstError(formId);
      })}
    >
      <LeaveGuard when={dirty && !save.isPending} what="Your profile changes" />
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
                setConflict(null);
                onCancel();
              }}
            >
              Discard changes
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Stack gap="md">
        {conflict && (
          <div ref={conflictRef} tabIndex={-1} style={{ scrollMarginTop: 112, outline: 'none' }}>
            <ConflictNotice
              changes={conflict.list}
              onApply={(change) => apply([change.field])}
              onApplyAll={() => apply(conflict.list.map((change) => change.field))}
              onDismiss={() => setConflict(null)}
            />
          </div>
        )}
        {readOnlyShown && (
          <Text size="sm" c="dimmed">
            Details shown without an input box can be changed only by the clinic.
          </Text>
        )}
        {rights.roleChoices.length > 0 && <RoleSection form={form} choices={rights.roleChoices} current={base.role} />}
        {PROFILE_SECTIONS.map((section) => (
          <SectionCard key={section.id} title={section.title} description={section.description}>
            {section.id === 'contact' && <ReadOnlyField label="Sign-in email">{base.email}</ReadOnlyField>}
            {section.fields.map((field) =>
              rights.fields.has(field) ? (
                <ProfileFieldInput key={field} field={field} form={form} own={own} />
              ) : (
                <ReadOnlyProfileField key={field} profile={base} field={field} />
              ),
            )}
          </SectionCard>
        ))}
        {base.role === 'CLIENT' && <ConsentSection profile={base} />}
        <RecordSection profile={base} />
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
              submit={{ label: 'Save changes', pending: save.isPending }}
              secondary={{ label: 'Cancel', onClick: cancel }}
            />
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}
