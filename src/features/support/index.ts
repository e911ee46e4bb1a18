export { OpenMessages } from './components/OpenMessages';
export { SupportPage } from './components/SupportPage';
