/** What the profile editor tells the person about saving. */
export const SAVE_MESSAGES = {
  offlineNotice:
    'You are offline. Saving keeps your changes on this device; they are sent when the connection returns.',
  invalid: 'Some fields need a look before the profile can be saved. They are marked below.',
  sending: 'Your changes are saved on this device and being sent to the server.',
  keptOffline: 'Your changes are saved on this device. They are sent when the connection returns.',
  notKept: 'Your changes could not be kept on this device. They are still here: try saving again.',
} as const;
