import type { Profile, UserDetail } from '@contract';

export type { UserDetail } from '@contract';

/** The user's e-mail from the identity attributes (one is named `email`). */
export function emailAttribute(detail: Pick<UserDetail, 'UserAttributes'>): string | null {
  return detail.UserAttributes.find((attribute) => attribute.Name === 'email')?.Value ?? null;
}

/**
 * The neutral stand-in used when the user detail has no Profile (spec section 3):
 * first name 'Unknown', the contract's defaults, nothing else filled in.
 */
export function placeholderProfile(userId: string, email: string | null): Profile {
  return {
    user_profile_id: '',
    client_id: userId,
    first_name: 'Unknown',
    last_name: '',
    title: null,
    gender: null,
    date_of_birth: null,
    phone_number: null,
    alternate_phone: null,
    alternate_email: null,
    preferred_contact_method: 'phone',
    city: null,
    state: null,
    country: null,
    zipcode: null,
    address_line_1: null,
    address_line_2: null,
    profile_picture: null,
    email: email ?? '',
    role: 'CLIENT',
    occupation: null,
    organization: null,
    clinic: null,
    emergency_contact_name: null,
    emergency_contact_relation: null,
    emergency_contact_number: null,
    appointment_duration: '00:30:00',
    health_goals: null,
    client_story: null,
    lifestyle_history: {},
    family_history: {},
    abha_number: null,
    aadhar_number: null,
    hipaa_consent: false,
    hipaa_consent_date: null,
    hipaa_consent_version: null,
    version: 1,
  };
}

export interface ShownProfile {
  profile: Profile;
  /** True when the API has no profile for the user and the placeholder is shown. */
  isPlaceholder: boolean;
}

export function profileOf(detail: UserDetail): ShownProfile {
  if (detail.Profile) return { profile: detail.Profile, isPlaceholder: false };
  return { profile: placeholderProfile(detail.Username, emailAttribute(detail)), isPlaceholder: true };
}

export function fullName(profile: Pick<Profile, 'title' | 'first_name' | 'last_name'>): string {
  return [profile.title, profile.first_name, profile.last_name].filter((part) => part && part.trim() !== '').join(' ');
}
