export { ProfileCard } from './components/ProfileCard';
export { ProfileEditor, type Viewer } from './components/ProfileEditor';
export { ProfileLoadError } from './components/ProfileLoadError';
export { ageInYears, type Profile } from './model/profile';
