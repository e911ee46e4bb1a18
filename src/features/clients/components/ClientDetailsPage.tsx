import { Group, Loader, Stack } from '@mantine/core';
import { mayDoToClients } from '@contract';
import { PageFrame } from '@/components/PageFrame';
import { withheld } from '@/components/signed-in/NotShown';
import { EnrollmentsPanel } from '@/features/enrollments';
import { ProfileEditor } from '@/features/profiles';
import type { SignedInUser } from '@/lib/auth/guards';
import { ageInYears } from '@/features/profiles';
import { fullName } from '@/features/people';
import { ShareRiskResult } from '@/features/assessments';
import { CardiovascularRiskPanel } from '@/features/risk';
import { riskInputFromProfile } from '@/features/risk';
import { clientTrail } from '@/lib/navigation';
import { useRiskPrefill } from '../api/risk-prefill';
import { useClientProfile } from '../useClientProfile';
import { ClientLinks } from './ClientLinks';

/** /client/{clientId}/details: the client's profile, enrollments and the cardiovascular risk calculator. */
export function ClientDetailsPage({ clientId, viewer }: { clientId: string; viewer: SignedInUser }) {
  const shown = useClientProfile(clientId);
  const { profile } = shown;
  const name = fullName(profile);
  // The lifestyle history once the profile is read, and only where this role reads it.
  const lifestyle =
    shown.isPlaceholder || withheld(profile, 'lifestyle_history') || !profile.lifestyle_history
      ? null
      : { history: profile.lifestyle_history, updatedAt: profile.updated_at ?? null };
  const risk = useRiskPrefill(clientId, viewer.role, lifestyle);
  return (
    <PageFrame
      title={`Details of ${name}`}
      crumbs={[...clientTrail(clientId, name), { label: 'Details' }]}
      purpose="All profile fields, enrollments, and the cardiovascular risk calculator prefilled from the latest data."
    >
      <Stack gap="md">
        <ClientLinks clientId={clientId} />
        {!risk.ready ? (
          <Group role="status" aria-label="Reading the latest lab results, vitals and lifestyle history">
            <Loader />
          </Group>
        ) : (
          <CardiovascularRiskPanel
            // The panel reads its prefill once: a new client must get a new panel.
            key={clientId}
            prefillNote={
              risk.prefill.sources.length > 0 ? `Prefilled from the record: ${risk.prefill.sources.join(' ')}` : null
            }
            initial={{
              ...riskInputFromProfile({ gender: profile.gender, ageYears: ageInYears(profile.date_of_birth) }),
              ...risk.prefill.initial,
            }}
            resultAction={
              // A result is the client's to see once staff share it (it then shows in the client's reports): the
              // care team shares it; reception, which reads no result, does not.
              !shown.isPlaceholder && profile.role === 'CLIENT' && mayDoToClients(viewer.role, 'assessments.share-risk')
                ? (input) => <ShareRiskResult clientId={clientId} clientName={name} input={input} />
                : undefined
            }
          />
        )}
        {/* Only clients are enrolled in programs (the API refuses others). */}
        {!shown.isPlaceholder && profile.role === 'CLIENT' && (
          <EnrollmentsPanel
            key={`enrollments-${clientId}`}
            userId={clientId}
            clientName={name}
            viewerRole={viewer.role}
          />
        )}
        <ProfileEditor key={`profile-${clientId}`} shown={shown} viewer={viewer} />
      </Stack>
    </PageFrame>
  );
}
