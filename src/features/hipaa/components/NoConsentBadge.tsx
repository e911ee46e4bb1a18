import { WarningBadge } from '@/components/signed-in/WarningBadge';

/** A client who has not given the HIPAA authorization: said first wherever staff meet them (their visits cannot be signed). */
export function NoConsentBadge() {
  return <WarningBadge>No HIPAA consent</WarningBadge>;
}
