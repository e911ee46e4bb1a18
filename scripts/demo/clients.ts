/**
 * Realistic demo clients in any number (the default start has about 50;
 * scale tests use up to 10,000). The same seed gives the same clients on every
 * machine, and both the identity seed and the database seed read this list.
 */
import { DEMO_PASSWORD, type DemoAccount } from './accounts.ts';
import { stableUuid } from './stable-id.ts';

/** Names separated by single spaces. */
const words = (text: string): readonly string[] => text.split(' ');

const WOMEN = words(
  'Aanya Aditi Ananya Anika Bhavna Chitra Deepa Diya Farah Gauri Ishita Jaya Kavya Lakshmi Mallika ' +
    'Nandini Pooja Radhika Riya Saanvi Shreya Tanvi Zara Amelia Chloe Elena Fatima Grace Hana Isabel ' +
    'Leila Maria Olivia Sofia Yuki',
);
const MEN = words(
  'Aarav Aditya Akash Amit Arnav Dev Farhan Harsh Ishaan Kiran Manish Nikhil Pranav Rahul Rohan ' +
    'Sai Siddharth Varun Vihaan Yash Zaid Ahmed Carlos David Ethan Hiro James Kwame Lucas Mateo Noah ' +
    'Omar Samuel Thomas Wei',
);
const SURNAMES = words(
  'Agarwal Banerjee Bhat Chatterjee Chopra Desai Dutta Gill Gupta Hegde Iyengar Jain Joshi Kamath ' +
    'Kulkarni Malhotra Menon Mishra Mukherjee Naidu Patel Prasad Qureshi Rajan Saxena Sen Shetty ' +
    'Srinivasan Subramanian Venkatesh Verma Yadav Almeida Chen Fernandes Garcia Haddad Ito Kim ' +
    "Mensah Müller Nguyen O'Brien Rossi Smith Tanaka Williams",
);

/** A small, fast, seedable generator (mulberry32): enough for demo data and fault tests, not for secrets. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The e-mail of demo client number `n` (1-based): client-0001@thrive.test. */
export function demoClientEmail(n: number): string {
  return `client-${String(n).padStart(4, '0')}@thrive.test`;
}

export function generateClients(count: number, seed = 2026): DemoAccount[] {
  const random = randomSource(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const clients: DemoAccount[] = [];
  for (let n = 1; n <= count; n++) {
    const roll = random();
    const gender = roll < 0.48 ? 'F' : roll < 0.96 ? 'M' : null;
    const firstName = pick(gender === 'F' ? WOMEN : gender === 'M' ? MEN : [...WOMEN, ...MEN]);
    const born = new Date(Date.UTC(1950, 0, 1) + Math.floor(random() * 55 * 365.25) * 86_400_000);
    // Indian mobile numbers (+91, ten digits starting 6-9), as a Bengaluru clinic's clients mostly have.
    const phone = `+91${6 + Math.floor(random() * 4)}${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
    const email = demoClientEmail(n);
    clients.push({
      id: stableUuid(`thrive-demo:${email}`),
      email,
      password: DEMO_PASSWORD,
      role: 'CLIENT',
      state: 'ready',
      firstName,
      lastName: pick(SURNAMES),
      gender,
      dateOfBirth: born.toISOString().slice(0, 10),
      phone,
      hipaaConsent: random() < 0.85,
      hasProfile: true,
    });
  }
  return clients;
}
