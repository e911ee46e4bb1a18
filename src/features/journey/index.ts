export { Greeting } from './components/Greeting';
export { NextSteps } from './components/NextSteps';
