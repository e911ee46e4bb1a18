import { Stack } from '@mantine/core';
import { PageFrame } from '@/components/PageFrame';
import { EnrollmentsPanel } from '@/features/enrollments';
import { ProfileEditor } from '@/features/profiles';
import type { SignedInUser } from '@/lib/auth/guards';
import { fullName } from '@/features/people';
import { clientTrail } from '@/lib/navigation';
import { useClientProfile } from '../useClientProfile';
import { ClientLinks } from './ClientLinks';

/** /client/{clientId}/profile: every profile field, editable by staff, and the client's program enrollments. */
export function ClientProfilePage({ clientId, viewer }: { clientId: string; viewer: SignedInUser }) {
  const shown = useClientProfile(clientId);
  const name = fullName(shown.profile);
  return (
    <PageFrame
      title={`Profile of ${name}`}
      crumbs={[...clientTrail(clientId, name), { label: 'Profile' }]}
      purpose="The client's profile fields, editable by staff with the right role."
    >
      <Stack gap="md">
        <ClientLinks clientId={clientId} />
        <ProfileEditor key={clientId} shown={shown} viewer={viewer}>
          {/* Only clients are enrolled in programs (the API refuses others). */}
          {!shown.isPlaceholder && shown.profile.role === 'CLIENT' && (
            <EnrollmentsPanel userId={clientId} clientName={name} viewerRole={viewer.role} />
          )}
        </ProfileEditor>
      </Stack>
    </PageFrame>
  );
}
