/** Amplify keeps a session under `CognitoIdentityServiceProvider.<app client>.<user>.<token>` keys. */
export const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider.';
