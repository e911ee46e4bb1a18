export { clinicsQueryOptions } from './api/queries';
export { ClinicClock, useClinicClock, useClinicClocks, useClinicContacts } from './components/ClinicClock';
export { mayReadClinics, pickClinic, type Clinic, type ClinicRef } from './model/clinic';
