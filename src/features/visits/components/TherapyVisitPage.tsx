import { linkOptions } from '@tanstack/react-router';
import { PageFrame } from '@/components/PageFrame';
import { HUB_CRUMB } from '@/features/hub';
import { THERAPIES, type Therapy } from '../therapies';

/** /client/{therapy}/{clientId}/visit/{visitId}: one therapy visit. */
export function TherapyVisitPage({ therapy, clientId }: { therapy: Therapy; clientId: string }) {
  const { title, fields } = THERAPIES[therapy];
  return (
    <PageFrame
      title={title}
      crumbs={[
        HUB_CRUMB,
        { label: 'Client', link: linkOptions({ to: '/client/discovery/$clientId', params: { clientId } }) },
        { label: title },
      ]}
      purpose={`Consent and contraindication check, vitals before, during and after, ${fields}; notes and sign-off. A signed visit is locked; corrections are addenda.`}
    />
  );
}
