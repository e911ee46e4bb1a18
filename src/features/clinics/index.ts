export { clinicsQueryOptions } from './api/queries';
export { ClinicClock, useClinicClock, useClinicClocks } from './components/ClinicClock';
export { mayReadClinics, pickClinic, type Clinic, type ClinicRef } from './model/clinic';
