/** What the offer of passkey unlock says (components/PasskeyOffer.tsx). */
export const PASSKEY_MESSAGES = {
  offerTitle: 'Unlock with fingerprint, face or screen lock next time',
  offerText:
    'Thrive asks for your password each time it opens. On this device, your fingerprint, face or screen lock can unlock it instead. Your password keeps working.',
  on: 'Passkey unlock is on. Next time, choose “Unlock with passkey”.',
  notMade: 'The passkey was not made, so nothing changed. You can try again, or keep using your password.',
  noPrf: 'This device’s screen lock cannot unlock Thrive, so nothing changed. Keep using your password.',
  failed: 'Passkey unlock could not be turned on. Keep using your password.',
} as const;
