import { schemaResolver, useForm } from '@mantine/form';
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import * as v from 'valibot';
import { toastSuccess } from '@/components/toasts';
import { useHere } from '@/components/useHere';
import { todayOn, useClock } from '@/lib/intl';
import { useUnsavedDraft } from '@/pwa/drafts';
import { saveProfileChange } from '../api/queries';
import { changedFields, formValuesOf, type ParsedProfile, type ProfileFormValues } from '../model/form-values';
import type { ProfileEditRights } from '../model/permissions';
import type { Profile } from '../model/profile';
import { SAVE_MESSAGES } from '../model/save-errors';
import { profileFormSchema } from '../schemas';

/** What the draft guard calls this work when it warns. */
const PROFILE_DRAFT_LABEL = 'Profile changes';

/** Moves focus to the first field marked invalid, after React has drawn the marks. */
function focusFirstError(formId: string): void {
  requestAnimationFrame(() =>
    document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
  );
}

/**
 * A profile being edited: the fields the person may change, checked by the
 * contract's field table as they leave each one; saving sends only what
 * changed (on this device first, on the server when it can be reached);
 * leaving with changes asks first. Editing starts in the first field.
 */
export function useProfileForm({
  profile,
  rights,
  onSaved,
  onCancel,
}: {
  profile: Profile;
  rights: ProfileEditRights;
  onSaved: () => void;
  onCancel: () => void;
}) {
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

  async function save(values: ParsedProfile): Promise<void> {
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

  return {
    form,
    formId,
    problem,
    dismissProblem: () => setProblem(null),
    saving,
    dirty,
    onSubmit: form.onSubmit(
      (values) => void save(values),
      () => {
        setProblem(SAVE_MESSAGES.invalid);
        focusFirstError(formId);
      },
    ),
    /** Cancel: at once with nothing changed, else after asking. */
    cancel: () => (dirty ? setConfirmingCancel(true) : onCancel()),
    confirmingCancel,
    keepEditing: () => setConfirmingCancel(false),
    discard: () => {
      setConfirmingCancel(false);
      form.resetDirty();
      onCancel();
    },
  };
}
