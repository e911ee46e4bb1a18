import type { ErrorComponentProps } from '@tanstack/react-router';
import { LoadError } from '@/components/LoadError';

export function ThriveCheckLoadError(props: ErrorComponentProps) {
  return <LoadError {...props} heading="Thrive check" title="Your Thrive checks could not be loaded" />;
}

export function CognitiveLoadError(props: ErrorComponentProps) {
  return <LoadError {...props} heading="Cognitive assessment" title="Your cognitive results could not be loaded" />;
}
