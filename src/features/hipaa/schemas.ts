import * as v from 'valibot';
import { CONSENT_MESSAGES } from './model/consent';

/** The signature of the authorization (spec section 5): the box must be ticked. */
export const ConsentSchema = v.object({
  accepted: v.literal(true, CONSENT_MESSAGES.notTicked),
});
