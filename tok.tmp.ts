import { passwordSignIn } from './scripts/identity/client.ts';
import { stackConfig } from './scripts/stack/config.ts';
const stack = stackConfig({ PORT: '38173', DATA_DIR: '.data-e2e-38173', BUILD_DIR: 'dist-journey' });
const a = await passwordSignIn(stack.identityUrl, stack.clientId, process.argv[2] ?? 'client2@thrive.test', 'Thrive!2026');
console.log(a.AuthenticationResult?.AccessToken);
