/**
 * The contract between the app and the API, as one module both import:
 * the wire types generated from clinic.yaml (`npm run gen:api`) and the
 * rules both sides apply. It imports nothing of the app, the server or the
 * developer scripts.
 */
export * from './schema.gen.ts';
export { ROLES, isRole } from './roles.ts';
export * from './access.ts';
export * from './profile-fields.ts';
export * from './appointments.ts';
export * from './booking.ts';
export * from './support.ts';
export * from './clinic-time.ts';
export * from './visits.ts';
export * from './canonical-json.ts';
export * from './cardiovascular-risk.ts';
export * from './health-history.ts';
export * from './assessments.ts';
export * from './client-search.ts';
