import { Button, Card, Group, Stack } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { SignedInUser } from '@/lib/auth/guards';
import { mayEditAnything, profileEditRights, type ProfileEditRights } from '../model/permissions';
import type { Profile } from '../model/profile';
import type { ShownProfile } from '@/features/people';
import { ProfileCard } from './ProfileCard';
import { ProfileForm } from './ProfileForm';
import { ProfileIdentity } from './ProfileIdentity';
import { ProfileDetails } from './ProfileRecord';
import { UnsentNotice } from './UnsentNotice';
import { profileRecord } from '../api/queries';
import { unsentFields, useUnsentChanges, withUnsentChanges } from '@/lib/outbox';

function ProfileHeader({ profile, action }: { profile: Profile; action?: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" gap="md" wrap="wrap">
        <ProfileIdentity profile={profile} />
        {action}
      </Group>
    </Card>
  );
}

export interface ProfileEditorProps {
  shown: ShownProfile;
  /** Who is looking: the signed-in person (from the route's guard). */
  viewer: Pick<SignedInUser, 'username' | 'role'>;
  /** Whether this screen offers role changes (only the admins' user page does). */
  roleChange?: boolean;
  /** What the screen shows under the header while the profile is not being edited (enrollments, the account). */
  children?: ReactNode;
}

/**
 * One person's whole profile: every field read-only, and an editor for the
 * fields the viewer may change (the server decides; the form mirrors it).
 */
export function ProfileEditor({ shown, viewer, roleChange = false, children }: ProfileEditorProps) {
  const unsent = useUnsentChanges(profileRecord(shown.profile.client_id));
  // What the person sees: the server's profile with their own changes that have not reached it yet.
  const profile = withUnsentChanges(shown.profile, unsent, profileRecord(shown.profile.client_id));
  const { isPlaceholder } = shown;
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  const granted = profileEditRights(viewer, profile);
  const rights: ProfileEditRights = roleChange ? granted : { ...granted, roleChoices: [] };
  const canEdit = !isPlaceholder && mayEditAnything(rights);

  useEffect(() => {
    // Back from the form: focus returns to where editing started.
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (isPlaceholder) {
    return (
      <Stack gap="md">
        <ProfileCard shown={shown} />
        {children}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <ProfileHeader
        profile={profile}
        action={
          canEdit &&
          !editing && (
            <Button
              ref={editButton}
              leftSection={<IconPencil size={18} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              Edit profile
            </Button>
          )
        }
      />
      {editing ? (
        <ProfileForm
          // A new profile version from elsewhere does not reset what is being typed; another person does.
          key={profile.client_id}
          profile={profile}
          rights={rights}
          own={viewer.username.toLowerCase() === profile.client_id.toLowerCase()}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          {children}
          <UnsentNotice items={unsent} />
          <ProfileDetails profile={profile} unsent={unsentFields(unsent, profileRecord(profile.client_id))} />
        </>
      )}
    </Stack>
  );
}
