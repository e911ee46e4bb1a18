import { SESSION_EXPIRED_MESSAGE, isApiError, isSessionExpiredError } from '@/lib/api';
import { FIELD_LABELS, type EditableField } from './fields';

export const SAVE_MESSAGES = {
  offline: 'You are offline. Saving needs the network: your changes stay here, so save again once you are back online.',
  offlineNotice: 'You are offline. Saving needs the network; what you type stays here until you can save.',
  invalid: 'Some fields need a look before the profile can be saved. They are marked below.',
  refused: 'The server refused some changes. They are marked on their fields.',
  server: 'The server could not save the profile. Your changes are still here; please try again in a moment.',
  sessionExpired: SESSION_EXPIRED_MESSAGE,
  conflictUnread:
    'Someone else changed this profile while you were editing, and the current values could not be loaded. Your changes are still here: try saving again in a moment.',
} as const;

function isEditableField(name: string): name is EditableField {
  return Object.hasOwn(FIELD_LABELS, name);
}

function sentence(message: string): string {
  const text = message.trim();
  return text === '' ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

export interface ServerFieldErrors {
  /** Messages for fields the form shows as inputs, by field. */
  onFields: Partial<Record<EditableField, string>>;
  /** Messages about anything else ('Role: You may not change this field.'). */
  elsewhere: string[];
}

/**
 * The fields a 400 or 403 answer names ("phone_number", or
 * "lifestyle_history.Sleep" for one answer of a history), sorted into those
 * the form can mark and the rest.
 */
export function serverFieldErrors(error: unknown, inputs: ReadonlySet<EditableField>): ServerFieldErrors {
  const out: ServerFieldErrors = { onFields: {}, elsewhere: [] };
  if (!isApiError(error)) return out;
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    const name = path.split('.')[0] ?? path;
    if (isEditableField(name) && inputs.has(name)) out.onFields[name] ??= sentence(message);
    else out.elsewhere.push(`${isEditableField(name) ? FIELD_LABELS[name] : name}: ${sentence(message)}`);
  }
  return out;
}

/** What the person is told when a save failed (a conflict is handled on its own). */
export function saveFailureMessage(error: unknown, fields: ServerFieldErrors): string {
  if (isSessionExpiredError(error)) return SAVE_MESSAGES.sessionExpired;
  if (!isApiError(error)) return SAVE_MESSAGES.server;
  if (error.isNetworkError) return SAVE_MESSAGES.offline;
  const marked = Object.keys(fields.onFields).length > 0;
  if (fields.elsewhere.length > 0) return `${error.message} ${fields.elsewhere.join(' ')}`;
  if (marked) return SAVE_MESSAGES.refused;
  if (error.status >= 500) return SAVE_MESSAGES.server;
  return error.message || SAVE_MESSAGES.server;
}
