/**
 * What the demo clinics offer clients in the portal: their contacts, how to
 * prepare for each service, the tests (partner and in-clinic) with each
 * clinic's price, and the intake call. Written with the schedule's catalog
 * (schedule.ts); what a clinic set itself is never overwritten.
 */
import type { Queryable } from '../../server/db/database.ts';
import { stableUuid } from './stable-id.ts';

interface Contacts {
  phone: string;
  email: string;
  address: string;
  /** Who handles privacy requests (a HIPAA authorization revoked in writing). */
  privacyEmail: string;
  /** The local emergency number: the crisis path's "call now". */
  emergencyNumber: string;
}

export const CLINIC_CONTACTS: Readonly<Record<string, Contacts>> = {
  'Thrive Bengaluru': {
    phone: '+918041234567',
    email: 'bengaluru@thrive.test',
    address: '12 Residency Road, Ashok Nagar, Bengaluru 560025',
    privacyEmail: 'privacy.bengaluru@thrive.test',
    emergencyNumber: '112',
  },
  'Thrive London': {
    phone: '+442071234567',
    email: 'london@thrive.test',
    address: '48 Marylebone High Street, London W1U 5HW',
    privacyEmail: 'privacy.london@thrive.test',
    emergencyNumber: '999',
  },
};

interface Guidance {
  clientBookable?: true;
  preparation: string | null;
  whatToBring: string | null;
  fastingHours?: number;
}

/** By service name: how to prepare and what to bring, as the clinic tells its clients. */
export const SERVICE_GUIDANCE: Readonly<Record<string, Guidance>> = {
  'IV hydration drip': {
    preparation: 'Eat a normal meal and drink water beforehand: it makes the vein easier to find.',
    whatToBring: 'A list of the medicines and supplements you take.',
  },
  'NAD+ infusion': {
    preparation: 'Eat a light meal beforehand. The infusion takes about two hours.',
    whatToBring: 'A list of your medicines, something to read and a warm layer.',
  },
  'Hyperbaric oxygen session': {
    preparation:
      'No make-up, lotion, hair products, perfume or jewellery: they are not allowed in the chamber. Tell the nurse if you have a cold.',
    whatToBring: 'Cotton clothing, and glasses rather than contact lenses.',
  },
  'Red light therapy': {
    preparation: 'Come with clean skin, without lotion or make-up on the area treated.',
    whatToBring: null,
  },
  'PEMF session': {
    preparation: 'Tell the nurse about any implant (pacemaker, pump or metal).',
    whatToBring: 'Comfortable clothing.',
  },
  'Infrared sauna': {
    preparation: 'Drink a large glass of water beforehand; no alcohol on the day.',
    whatToBring: 'A change of clothes (the clinic has towels).',
  },
  'Doctor consultation': {
    preparation: 'Write down what you would like to ask.',
    whatToBring: 'Recent test results and a list of the medicines you take.',
  },
  'Health coaching': { preparation: 'Think about what you want to change in the coming weeks.', whatToBring: null },
  'Nutrition review': {
    preparation: 'If you can, keep a food diary for three days before.',
    whatToBring: 'Your food diary.',
  },
  'Intake call': {
    clientBookable: true,
    preparation:
      'Find a quiet place for 20 minutes. Have your health goals and any recent test results at hand. By video, you get the link by e-mail the day before.',
    whatToBring: null,
  },
  'Fasting blood panel': {
    clientBookable: true,
    fastingHours: 10,
    preparation:
      'Fast for 10 hours before: nothing to eat or drink but water. Take your usual medicines with water unless your doctor told you otherwise.',
    whatToBring: 'A photo ID and a list of the medicines you take.',
  },
  'Glucose and insulin test': {
    clientBookable: true,
    fastingHours: 8,
    preparation: 'Fast for 8 hours before: nothing to eat or drink but water. No exercise that morning.',
    whatToBring: 'A photo ID.',
  },
  'Vitamin and mineral panel': {
    clientBookable: true,
    preparation: 'No fasting needed. Stop biotin supplements 48 hours before: they skew the results.',
    whatToBring: 'A photo ID and a list of your supplements.',
  },
  'Thyroid panel': {
    clientBookable: true,
    preparation: 'Come in the morning, before you take any thyroid medicine that day.',
    whatToBring: 'A photo ID.',
  },
  'Body composition scan': {
    clientBookable: true,
    preparation:
      'No exercise or alcohol for 12 hours before; empty your bladder just before. Not suitable with a pacemaker.',
    whatToBring: 'Light clothing without metal.',
  },
  'Resting ECG and blood pressure': {
    clientBookable: true,
    preparation: 'No caffeine or nicotine for 2 hours before.',
    whatToBring: 'A loose top that opens easily.',
  },
  'VO2 max test': {
    clientBookable: true,
    preparation: 'Eat a light meal 2 to 3 hours before, and no hard exercise the day before.',
    whatToBring: 'Trainers, sportswear and a bottle of water.',
  },
};

/** Minor units (paise, pence) and the currency, per clinic name. */
type Prices = Readonly<Record<string, readonly [number, string]>>;

interface DemoTest {
  /** The service it is booked as (schedule.ts), whose name it carries. */
  service: string;
  kind: 'partner' | 'in_clinic';
  partner: string | null;
  measures: string;
  /** The panels its report holds (openapi/results/lab-tests.ts); none for a test made at the clinic. */
  panels: readonly string[];
  prices: Prices;
}

export const DEMO_TESTS: readonly DemoTest[] = [
  {
    service: 'Fasting blood panel',
    kind: 'partner',
    panels: ['lipid', 'hba1c', 'glucose'],
    partner: 'Apex Diagnostics',
    measures: 'Glucose, HbA1c, cholesterol (HDL, LDL, triglycerides), and liver and kidney function.',
    prices: { 'Thrive Bengaluru': [240000, 'INR'], 'Thrive London': [8900, 'GBP'] },
  },
  {
    service: 'Glucose and insulin test',
    kind: 'partner',
    panels: ['glucose'],
    partner: 'Apex Diagnostics',
    measures: 'How your body handles sugar: fasting glucose, insulin and insulin resistance (HOMA-IR).',
    prices: { 'Thrive Bengaluru': [150000, 'INR'], 'Thrive London': [6500, 'GBP'] },
  },
  {
    service: 'Vitamin and mineral panel',
    kind: 'partner',
    panels: ['vitamins'],
    partner: 'Apex Diagnostics',
    measures: 'Vitamin D, B12, folate, iron stores (ferritin) and magnesium.',
    prices: { 'Thrive Bengaluru': [320000, 'INR'], 'Thrive London': [11000, 'GBP'] },
  },
  {
    service: 'Thyroid panel',
    kind: 'partner',
    panels: ['thyroid'],
    partner: 'Northwell Pathology',
    measures: 'How your thyroid works: TSH, free T4 and free T3.',
    prices: { 'Thrive Bengaluru': [120000, 'INR'], 'Thrive London': [5500, 'GBP'] },
  },
  {
    service: 'Body composition scan',
    kind: 'in_clinic',
    partner: null,
    panels: [],
    measures: 'Muscle, fat and water in your body, by bioimpedance, and how they change over time.',
    prices: { 'Thrive Bengaluru': [180000, 'INR'], 'Thrive London': [6000, 'GBP'] },
  },
  {
    service: 'Resting ECG and blood pressure',
    kind: 'in_clinic',
    partner: null,
    panels: [],
    measures: 'Your heart’s rhythm and your blood pressure at rest.',
    prices: { 'Thrive Bengaluru': [150000, 'INR'], 'Thrive London': [7500, 'GBP'] },
  },
  {
    service: 'VO2 max test',
    kind: 'in_clinic',
    partner: null,
    panels: [],
    measures: 'Your fitness: how much oxygen your body uses at full effort, on a bike.',
    prices: { 'Thrive Bengaluru': [450000, 'INR'] },
  },
];

/**
 * Writes the portal's catalogue where missing: contacts and guidance only
 * where the clinic has none yet, the tests and their prices once.
 */
export async function seedBookingCatalog(
  tx: Queryable,
  ids: { service: (name: string) => string; clinic: (name: string) => string },
): Promise<void> {
  for (const [clinic, contacts] of Object.entries(CLINIC_CONTACTS)) {
    await tx.query(
      `UPDATE clinics SET phone = coalesce(phone, $2), email = coalesce(email, $3), address = coalesce(address, $4),
                          privacy_email = coalesce(privacy_email, $5), emergency_number = coalesce(emergency_number, $6)
       WHERE id = $1`,
      [
        ids.clinic(clinic),
        contacts.phone,
        contacts.email,
        contacts.address,
        contacts.privacyEmail,
        contacts.emergencyNumber,
      ],
    );
  }
  for (const [service, guidance] of Object.entries(SERVICE_GUIDANCE)) {
    await tx.query(
      `UPDATE services SET client_bookable = client_bookable OR $2, preparation = coalesce(preparation, $3),
                           what_to_bring = coalesce(what_to_bring, $4), fasting_hours = coalesce(fasting_hours, $5)
       WHERE id = $1`,
      [
        ids.service(service),
        guidance.clientBookable === true,
        guidance.preparation,
        guidance.whatToBring,
        guidance.fastingHours ?? null,
      ],
    );
  }
  for (const [position, test] of DEMO_TESTS.entries()) {
    const id = stableUuid(`thrive-demo-test:${test.service}`);
    await tx.query(
      `INSERT INTO health_tests (id, service_id, kind, partner, measures, position, panels)
       VALUES ($1, $2, $3, $4, $5, $6, ARRAY(SELECT jsonb_array_elements_text($7::jsonb)))
       ON CONFLICT (id) DO UPDATE SET panels = EXCLUDED.panels WHERE health_tests.panels = '{}'`,
      [id, ids.service(test.service), test.kind, test.partner, test.measures, position, JSON.stringify(test.panels)],
    );
    for (const [clinic, [amount, currency]] of Object.entries(test.prices)) {
      await tx.query(
        `INSERT INTO health_test_prices (test_id, clinic_id, amount_minor, currency) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [id, ids.clinic(clinic), amount, currency],
      );
    }
  }
}
