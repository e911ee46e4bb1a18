export { CardiovascularRiskPanel } from './components/CardiovascularRiskPanel';
export { riskInputFromProfile } from './prefill';
