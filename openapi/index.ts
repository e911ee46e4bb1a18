/**
 * The contract between the app and the API, as one module both import:
 * the wire types generated from clinic.yaml (`npm run gen:api`) and the
 * rules both sides apply. It imports nothing of the app, the server or the
 * developer scripts.
 */
export * from './schema.gen.ts';
export { ROLES, isRole } from './access/roles.ts';
export * from './access/rules.ts';
export * from './access/consent.ts';
export * from './access/profile-access.ts';
export * from './access/resource-fields.ts';
export * from './access/sessions.ts';
export * from './people/profile-fields.ts';
export * from './scheduling/appointments.ts';
export * from './scheduling/booking.ts';
export * from './support/support.ts';
export * from './time/clinic-time.ts';
export * from './visits/screens.ts';
export * from './visits/field-kinds.ts';
export * from './visits/fields.ts';
export * from './visits/contraindications.ts';
export * from './visits/derived.ts';
export * from './visits/checks.ts';
export * from './visits/plausibility.ts';
export * from './visits/signature.ts';
export * from './visits/entries.ts';
export * from './visits/examples.ts';
export * from './encoding/canonical-json.ts';
export * from './assessments/cardiovascular-risk.ts';
export * from './people/health-history.ts';
export * from './assessments/assessments.ts';
export * from './assessments/thrive-check.ts';
export * from './assessments/cognitive.ts';
export * from './people/client-search.ts';
export * from './results/lab-tests.ts';
export * from './results/advice.ts';
export * from './results/lab-report.ts';
export * from './messages/messages.ts';
