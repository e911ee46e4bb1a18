export { Onboarding } from './components/Onboarding';
