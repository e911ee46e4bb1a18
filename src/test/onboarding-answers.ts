/** A client's onboarding answers as tests need them: none given, and a lifestyle with every topic answered. */
export const NO_ANSWERS = { health_goals: null, client_story: null, lifestyle_history: {}, family_history: {} };

export const FULL_LIFESTYLE = {
  sleep_hours: 7,
  sleep_quality: 'good',
  activity: 'light',
  diet: 'vegetarian',
  alcohol: 'none',
  tobacco: 'never',
  stress: 'moderate',
  diabetes: 'no',
} as const;
