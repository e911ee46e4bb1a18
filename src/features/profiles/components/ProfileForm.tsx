import { NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { ROLE_LABELS, roleLabel, type Role } from '@/lib/auth/roles';
import { useOnline } from '@/pwa/connection';
import { FIELD_LABELS, sectionsShown } from '../model/fields';
import type { ProfileEditRights } from '../model/permissions';
import type { Profile } from '../model/profile';
import { SAVE_MESSAGES } from '../model/save-errors';
import { LeaveGuard } from './LeaveGuard';
import { ProfileFieldInput, type ProfileFormApi } from './ProfileFieldInput';
import { ConsentSection, RecordSection } from './ProfileRecord';
import { ReadOnlyProfileField, SectionCard } from './ProfileSection';
import { useProfileForm } from './useProfileForm';
import { Term } from '@/components/signed-in/Term';

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
  const edit = useProfileForm({ profile, rights, onSaved, onCancel });
  const { form } = edit;

  // Only what the viewer may read is there to show (and what it may write is a part of that).
  const sections = sectionsShown(profile);
  const readOnlyShown = sections.some((section) => section.fields.some((field) => !rights.fields.has(field)));

  return (
    <form id={edit.formId} noValidate aria-label="Edit profile" onSubmit={edit.onSubmit}>
      <LeaveGuard when={edit.dirty && !edit.saving} what="Your profile changes" />
      <ConfirmDialog
        opened={edit.confirmingCancel}
        title="Discard your changes?"
        keepLabel="Keep editing"
        actLabel="Discard changes"
        onKeep={edit.keepEditing}
        onAct={edit.discard}
      >
        The changes you made to this profile are not saved. Discard them?
      </ConfirmDialog>
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
            <FormError message={edit.problem} onDismiss={edit.dismissProblem} />
            <FormActions
              submit={{ label: 'Save changes', pending: edit.saving }}
              secondary={{ label: 'Cancel', onClick: edit.cancel }}
            />
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}
