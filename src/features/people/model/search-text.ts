import { createSessionText } from '@/lib/auth/session-text';

/** The user list's search text: in this page's memory only, for the signed-in user (see createSessionText). */
export const useUserSearchText = createSessionText();
