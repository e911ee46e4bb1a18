/**
 * Whom a person who has forgotten their password contacts (spec section 1:
 * there is no self-service reset; the clinic helps them sign in again). The
 * sign-in page says it before anyone is signed in, so it cannot ask the API
 * for the clinics' contacts: a deployment sets them at build time
 * (VITE_CLINIC_PHONE, VITE_CLINIC_EMAIL; `.env` holds the demo clinic's).
 * Without a clinic e-mail the support address (VITE_SUPPORT_EMAIL) stands in.
 * Read with a few checks and no library: the sign-in page is kept small.
 */
export interface ClinicContact {
  /** As people write it ("+91 80 4123 4567"), or null. */
  phone: string | null;
  /** The same, as a tel: link takes it ("+918041234567"). */
  phoneDialled: string | null;
  email: string | null;
}

const PHONE = /^\+?[0-9][0-9 ()-]{4,24}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The contact from the build's variables; a value that is no phone number or e-mail address is left out. */
export function parseClinicContact(raw: Readonly<Record<string, unknown>>): ClinicContact {
  const phone = text(raw.VITE_CLINIC_PHONE);
  const email = [text(raw.VITE_CLINIC_EMAIL), text(raw.VITE_SUPPORT_EMAIL)].find(
    (candidate) => candidate !== null && EMAIL.test(candidate),
  );
  const shownPhone = phone !== null && PHONE.test(phone) ? phone : null;
  return {
    phone: shownPhone,
    phoneDialled: shownPhone && shownPhone.replace(/[^0-9+]/g, ''),
    email: email ?? null,
  };
}

/** This build's contact (each variable by name: Vite writes in its value alone, not every setting of the build). */
export const clinicContact = (): ClinicContact =>
  parseClinicContact({
    VITE_CLINIC_PHONE: import.meta.env.VITE_CLINIC_PHONE,
    VITE_CLINIC_EMAIL: import.meta.env.VITE_CLINIC_EMAIL,
    VITE_SUPPORT_EMAIL: import.meta.env.VITE_SUPPORT_EMAIL,
  });
