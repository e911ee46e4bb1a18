export { Onboarding } from './components/Onboarding';
export { onboardingProgress } from './model/steps';
