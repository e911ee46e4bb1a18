import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { REAUTHENTICATION_LABELS, SIGNATURE_MEANINGS, type components } from '@contract';
import { roleLabel } from '@/lib/auth/roles';
import { formatDateTime, formatTime, zoneName, type ClinicClock } from '@/lib/intl';
import { clockFlag } from '../model/timing';

type Signature = components['schemas']['Signature'];

/**
 * The signature as 21 CFR 11.50 asks a signed record to show it: the signer's
 * printed name and role, when (on the clinic's clock, and when the device
 * signed it if that was earlier), what the signature means, how the signer
 * showed it was them, the reasons given for values checked twice, and the
 * hash of what was signed.
 */
export function SignatureBlock({ signature, clock }: { signature: Signature; clock: ClinicClock }) {
  // Signed when the signer signed, on the device; the server may have heard of it later (signed offline).
  const signedAt = signature.signed_on_device_at;
  const late = Math.abs(Date.parse(signature.signed_at) - Date.parse(signedAt)) > 60_000;
  const flag = clockFlag(signature.device_clock_offset_ms);
  const meaning = SIGNATURE_MEANINGS[signature.meaning];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="signature-title">
      <Stack gap={6}>
        <Title order={2} size="h5" id="signature-title">
          <IconSignature size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
          Electronic signature
        </Title>
        <Text size="sm" data-testid="signature-line">
          <strong>{signature.name}</strong>, {roleLabel(signature.role)} · {formatDateTime(signedAt, clock)} (
          {zoneName(clock, signedAt)})
        </Text>
        <Text size="sm">
          Meaning: <strong>{meaning.label}</strong>
          {signature.meaning_text && signature.meaning_text !== `${meaning.label}: ${meaning.statement}`
            ? ` (as signed: “${signature.meaning_text}”)`
            : ` (${meaning.statement})`}
        </Text>
        <Text size="sm">
          {signature.reauthenticated_with
            ? `Identity confirmed at signing: ${REAUTHENTICATION_LABELS[signature.reauthenticated_with]}.`
            : 'Signed before signing asked the signer to confirm their identity.'}
        </Text>
        {(late || flag) && (
          <Text size="sm">
            {late &&
              `Signed offline at ${formatTime(signedAt, clock)}; reached the server ${formatDateTime(signature.signed_at, clock)}. `}
            {flag && `The signing device’s clock was off: ${flag}.`}
          </Text>
        )}
        {signature.warnings.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Values checked twice, and why they stand:
            </Text>
            <List size="sm" spacing={2}>
              {signature.warnings.map((warning) => (
                <List.Item key={`${warning.field}#${warning.code}`}>
                  {warning.message} Reason: {warning.reason}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Signed content SHA-256: {signature.content_hash}
        </Text>
      </Stack>
    </Paper>
  );
}
