import { Center, Code, Image, Loader, Stack, Text } from '@mantine/core';
import { Suspense, use, useMemo } from 'react';
import type { SignInFlow } from '../model/flow';
import { CodeForm } from './CodeForm';
import { StepFrame } from './StepFrame';

/** Groups a base32 secret in fours so it can be typed into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function QrCode({ image }: { image: Promise<string> }) {
  return (
    <Image
      src={use(image)}
      alt="QR code to add Thrive to your authenticator app"
      w={200}
      h={200}
      mx="auto"
      radius="sm"
    />
  );
}

/** CONTINUE_SIGN_IN_WITH_TOTP_SETUP: scan (or type) the secret, then prove it with a first code. */
export function TotpSetupStep({
  flow,
  sharedSecret,
  setupUri,
}: {
  flow: SignInFlow;
  sharedSecret: string;
  setupUri: string;
}) {
  // The QR encoder is loaded only for the few users who enrol an authenticator app.
  const image = useMemo(
    () => import('qrcode').then((qrcode) => qrcode.toDataURL(setupUri, { margin: 1, width: 200 })),
    [setupUri],
  );
  return (
    <StepFrame
      title="Set up your authenticator app"
      description="Scan the QR code with an authenticator app, or enter the secret key by hand. Then enter the code the app shows."
      onBack={() => flow.restart()}
    >
      <Suspense
        fallback={
          <Center h={200}>
            <Loader role="progressbar" aria-label="Loading the QR code" />
          </Center>
        }
      >
        <QrCode image={image} />
      </Suspense>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Secret key
        </Text>
        <Code fz="md" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
          {groupSecret(sharedSecret)}
        </Code>
        <Text size="sm" fw={600} mt="xs">
          Setup link
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="totp-uri">
          {setupUri}
        </Code>
      </Stack>
      <CodeForm label="Code from your app" submitLabel="Confirm and sign in" onSubmit={flow.answerChallenge} />
    </StepFrame>
  );
}
