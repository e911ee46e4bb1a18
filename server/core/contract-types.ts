/**
 * The wire types of the contract, as generated from openapi/clinic.yaml
 * (`npm run gen:api`). The server never writes its own copy of them: the
 * validator checks requests against the contract at run time, and these types
 * keep the handlers' answers in the contract's shape at compile time.
 */
import { ROLES, isRole, type components, type operations } from '@contract';

type Schemas = components['schemas'];

export type Role = Schemas['Role'];
export type Profile = Schemas['Profile'];
export type ProfilePatch = Schemas['ProfilePatch'];
export type UserDetail = Schemas['UserDetail'];
export type UserAttribute = Schemas['UserAttribute'];
export type UserStatus = Schemas['UserStatus'];
export type UserSummary = Schemas['UserSummary'];
export type UserList = Schemas['UserList'];
export type UserCreate = Schemas['UserCreate'];
export type UserPatch = Schemas['UserPatch'];
export type UserRoleCounts = Schemas['UserRoleCounts'];
export type AuditAction = Schemas['AuditAction'];
export type AuditOutcome = Schemas['AuditOutcome'];
export type AuditEvent = Schemas['AuditEvent'];
export type AuditEventList = Schemas['AuditEventList'];
export type Enrollment = Schemas['Enrollment'];
export type EnrollmentCreate = Schemas['EnrollmentCreate'];
export type EnrollmentPatch = Schemas['EnrollmentPatch'];
export type EnrollmentList = Schemas['EnrollmentList'];
export type Clinic = Schemas['Clinic'];
export type ClinicList = Schemas['ClinicList'];
export type Resource = Schemas['Resource'];
export type ResourceKind = Schemas['ResourceKind'];
export type ResourceList = Schemas['ResourceList'];
export type Service = Schemas['Service'];
export type ServiceList = Schemas['ServiceList'];
export type Appointment = Schemas['Appointment'];
export type AppointmentStatus = Schemas['AppointmentStatus'];
export type AppointmentList = Schemas['AppointmentList'];
export type AppointmentCreate = Schemas['AppointmentCreate'];
export type AppointmentPatch = Schemas['AppointmentPatch'];
export type ScheduleEntry = Schemas['ScheduleEntry'];
export type Visit = Schemas['Visit'];
export type VisitDraft = Schemas['VisitDraft'];
export type VisitState = Schemas['VisitState'];
export type VisitSummary = Schemas['VisitSummary'];
export type VisitList = Schemas['VisitList'];
export type VisitSign = Schemas['VisitSign'];
export type AddendumCreate = Schemas['AddendumCreate'];
export type LifestyleHistory = Schemas['LifestyleHistory'];
export type Assessment = Schemas['Assessment'];
export type AssessmentCreate = Schemas['AssessmentCreate'];
export type AssessmentList = Schemas['AssessmentList'];
export type CallMode = Schemas['CallMode'];
export type ContactMethod = Schemas['ContactMethod'];
export type Test = Schemas['Test'];
export type TestList = Schemas['TestList'];
export type SlotList = Schemas['SlotList'];
export type SupportThreadSummary = Schemas['SupportThreadSummary'];
export type SupportThread = Schemas['SupportThread'];
export type SupportThreadList = Schemas['SupportThreadList'];
export type SupportThreadCreate = Schemas['SupportThreadCreate'];
export type SupportMessageCreate = Schemas['SupportMessageCreate'];
export type NextAppointment = Schemas['NextAppointment'];
export type AdverseReaction = Schemas['AdverseReaction'];
export type ClientSearchResult = Schemas['ClientSearchResult'];
export type ClientSearchList = Schemas['ClientSearchList'];
export type ClientAlerts = Schemas['ClientAlerts'];
export type WellbeingContact = Schemas['WellbeingContact'];
export type WellbeingContactCreate = Schemas['WellbeingContactCreate'];
export type ContraindicationAlert = Schemas['ContraindicationAlert'];
export type ReactionAlert = Schemas['ReactionAlert'];
export type EnrollmentProgress = Schemas['EnrollmentProgress'];
export type ProgramOverview = Schemas['ProgramOverview'];
export type ProgramList = Schemas['ProgramList'];
export type ProgramDetail = Schemas['ProgramDetail'];
export type WeeklySessions = Schemas['WeeklySessions'];
export type WeeklyWellbeing = Schemas['WeeklyWellbeing'];

export type SessionEnd = Schemas['SessionEnd'];

/** Query parameters after validation, with the contract's defaults applied. */
export type ListUsersQuery = Required<
  Pick<NonNullable<operations['listUsers']['parameters']['query']>, 'ordering' | 'page' | 'page_size'>
> &
  Pick<NonNullable<operations['listUsers']['parameters']['query']>, 'role'>;
/** A search's body after validation, with the contract's defaults applied. */
export type UserSearch = Required<Pick<Schemas['UserSearch'], 'ordering' | 'page' | 'page_size'>> &
  Pick<Schemas['UserSearch'], 'search' | 'role'>;
export type ListEnrollmentsQuery = Required<
  Pick<NonNullable<operations['listEnrollments']['parameters']['query']>, 'page' | 'page_size'>
> &
  Pick<NonNullable<operations['listEnrollments']['parameters']['query']>, 'user'>;
export type ListAuditEventsQuery = Required<
  Pick<NonNullable<operations['listAuditEvents']['parameters']['query']>, 'page' | 'page_size'>
> &
  Pick<
    NonNullable<operations['listAuditEvents']['parameters']['query']>,
    'subject_id' | 'action' | 'kind' | 'until_id'
  >;

export type ListResourcesQuery = NonNullable<operations['listResources']['parameters']['query']>;
export type ListAppointmentsQuery = Required<
  Pick<NonNullable<operations['listAppointments']['parameters']['query']>, 'limit'>
> &
  Omit<NonNullable<operations['listAppointments']['parameters']['query']>, 'limit'>;

export type GetScheduleQuery = Required<Pick<operations['getSchedule']['parameters']['query'], 'limit'>> &
  Omit<operations['getSchedule']['parameters']['query'], 'limit'>;

export type ListVisitsQuery = Required<Pick<NonNullable<operations['listVisits']['parameters']['query']>, 'limit'>> &
  Omit<NonNullable<operations['listVisits']['parameters']['query']>, 'limit'>;

export type ListAssessmentsQuery = Required<
  Pick<NonNullable<operations['listAssessments']['parameters']['query']>, 'limit' | 'latest'>
> &
  Omit<NonNullable<operations['listAssessments']['parameters']['query']>, 'limit' | 'latest'>;
export type ListSlotsQuery = NonNullable<operations['listSlots']['parameters']['query']>;
export type ListSupportThreadsQuery = Required<
  Pick<NonNullable<operations['listSupportThreads']['parameters']['query']>, 'limit'>
> &
  Omit<NonNullable<operations['listSupportThreads']['parameters']['query']>, 'limit'>;
export type ListStaffAlertsQuery = NonNullable<operations['listStaffAlerts']['parameters']['query']>;
/** Discovery's search after validation, with the contract's default limit applied. */
export type ClientSearch = Required<Schemas['ClientSearch']>;
export type ListProgramsQuery = Required<
  Pick<NonNullable<operations['listPrograms']['parameters']['query']>, 'limit'>
> &
  Omit<NonNullable<operations['listPrograms']['parameters']['query']>, 'limit'>;
export type GetProgramQuery = Required<Pick<NonNullable<operations['getProgram']['parameters']['query']>, 'limit'>> &
  Omit<NonNullable<operations['getProgram']['parameters']['query']>, 'limit'>;

export { ROLES, isRole };
