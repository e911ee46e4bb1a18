export { clinicsQueryOptions } from './api/queries';
export { ClinicClock, useClinicClock, useClinicClocks } from './components/ClinicClock';
export { pickClinic, type Clinic, type ClinicRef } from './model/clinic';
