import { describe, expect, it } from 'vitest';
import { clockOf, UTC_CLOCK } from '@/lib/intl';
import { testClinic } from '@/test/clinics';
import { clockOfClinic, mayReadClinics, pickClinic, type Clinic } from './clinic';

const bengaluru: Clinic = testClinic({
  id: '6f0b1e5a-0000-4000-8000-000000000001',
  name: 'Thrive Bengaluru',
  time_zone: 'Asia/Kolkata',
});
const london: Clinic = testClinic({
  id: '6f0b1e5a-0000-4000-8000-000000000002',
  name: 'Thrive London',
  time_zone: 'Europe/London',
});

describe('which clinic', () => {
  it('shows the clinic asked for, else the person’s own, else the first', () => {
    expect(pickClinic([bengaluru, london], london.id, 'Thrive Bengaluru')).toBe(london);
    expect(pickClinic([bengaluru, london], undefined, 'Thrive London')).toBe(london);
    expect(pickClinic([bengaluru, london], undefined, null)).toBe(bengaluru);
    expect(pickClinic([], undefined, null)).toBeNull();
  });
});

describe('which clinic’s clock', () => {
  it('is the clinic the record names, by zone, id or name', () => {
    expect(clockOfClinic([bengaluru, london], { timeZone: 'Europe/London' })).toBe(clockOf('Europe/London'));
    expect(clockOfClinic([bengaluru, london], { id: london.id })).toBe(clockOf('Europe/London'));
    expect(clockOfClinic([bengaluru, london], { name: 'Thrive London' })).toBe(clockOf('Europe/London'));
  });

  it('else the clock around it, else the first clinic’s, and UTC only without any clinic', () => {
    const outer = clockOf('Europe/London');
    expect(clockOfClinic([bengaluru, london], { id: 'gone' }, outer)).toBe(outer);
    expect(clockOfClinic([bengaluru, london], null)).toBe(clockOf('Asia/Kolkata'));
    expect(clockOfClinic([], { name: 'Thrive Paris' })).toBe(UTC_CLOCK);
  });
});

describe('who reads the clinics', () => {
  it('is every role that books or charts, and ADMIN (who sets up each clinic’s messaging), not no role', () => {
    expect(mayReadClinics('CLIENT')).toBe(true);
    expect(mayReadClinics('NURSE')).toBe(true);
    expect(mayReadClinics('SUPER_ADMIN')).toBe(true);
    expect(mayReadClinics('ADMIN')).toBe(true);
    expect(mayReadClinics(null)).toBe(false);
  });
});
