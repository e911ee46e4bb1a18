// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { placeholderProfile, profileOf } from '@/features/people';
import { ProfileCard } from './ProfileCard';

const ID = '5f0c1c1e-1111-4222-8333-444455556666';

function valueOf(label: string): string | null | undefined {
  return screen.getByText(label).nextElementSibling?.textContent;
}

describe('ProfileCard', () => {
  it('shows gender as a word and the age in 365.25-day years', async () => {
    const profile = {
      ...placeholderProfile(ID, 'client@thrive.test'),
      first_name: 'Priya',
      last_name: 'Sharma',
      gender: 'F' as const,
      date_of_birth: '1986-04-12',
    };
    await renderWithProviders(
      <ProfileCard shown={{ profile, isPlaceholder: false }} now={new Date('2026-04-11T12:00:00Z')} />,
    );
    expect(await screen.findByRole('heading', { name: 'Priya Sharma' })).toBeTruthy();
    expect(valueOf('Gender')).toBe('Female');
    expect(valueOf('Age')).toBe('39 years');
    expect(valueOf('Date of birth')).toBe('12 Apr 1986');
    expect(screen.queryByText(/No profile has been set up/)).toBeNull();
  });

  it('shows the placeholder client when there is no profile', async () => {
    const shown = profileOf({
      Username: ID,
      Profile: null,
      UserAttributes: [{ Name: 'email', Value: 'n@thrive.test' }],
    });
    await renderWithProviders(<ProfileCard shown={shown} />);
    expect(await screen.findByRole('heading', { name: 'Unknown' })).toBeTruthy();
    expect(valueOf('Gender')).toBe('Not specified');
    expect(valueOf('Email')).toBe('n@thrive.test');
    expect(screen.getByText(/No profile has been set up/)).toBeTruthy();
  });

  it('says "Not shown to your role" for what the API left out, and "Not given" for what is empty', async () => {
    // A nurse's answer: the phone number she may call, no address or preferred contact method.
    const {
      city: _city,
      state: _state,
      country: _country,
      preferred_contact_method: _method,
      ...asANurseReadsIt
    } = { ...placeholderProfile(ID, 'client@thrive.test'), first_name: 'Priya', phone_number: '+15555550100' };
    await renderWithProviders(<ProfileCard shown={{ profile: asANurseReadsIt, isPlaceholder: false }} />);
    expect(await screen.findByRole('heading', { name: /Priya/ })).toBeTruthy();
    expect(valueOf('Phone')).toBe('+15555550100');
    expect(valueOf('Location')).toBe('Not shown to your role');
    expect(valueOf('Preferred contact')).toBe('Not shown to your role');
    expect(valueOf('Emergency contact')).toBe('Not given');
  });
});
