import type { ErrorComponentProps } from '@tanstack/react-router';
import { LoadError } from '@/components/LoadError';

export function ProfileLoadError(props: ErrorComponentProps) {
  return <LoadError {...props} heading="My profile" title="Your profile could not be loaded" />;
}
