export { JourneyHome } from './components/JourneyHome';
