export { profileRecord, saveProfileChange } from './api/queries';
export { FamilyHistoryEditor } from './components/FamilyHistoryEditor';
export { LifestyleEditor } from './components/LifestyleEditor';
export { ProfileCard } from './components/ProfileCard';
export { ProfileEditor } from './components/ProfileEditor';
export { ProfileLoadError } from './components/ProfileLoadError';
export { sameValue, type FamilyHistoryDraft } from './model/form-values';
export {
  ONBOARDING_STEPS,
  onboardingProgress,
  stepDone,
  type OnboardingField,
  type OnboardingProgress,
} from './model/onboarding';
export { ageInYears, type Profile } from './model/profile';
export { SAVE_MESSAGES } from './model/save-errors';
export { FamilySchema, LifestyleSchema } from './schemas';
