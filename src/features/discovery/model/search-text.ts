import { createSessionText } from '@/lib/auth/session-text';

/**
 * The text discovery searches for: in this page's memory only, for the
 * signed-in user (see createSessionText), never in the page address, since it
 * is a client's name, e-mail or phone number.
 */
export const useDiscoverySearchText = createSessionText();
