import type { ErrorComponentProps } from '@tanstack/react-router';
import { LoadError } from '@/components/LoadError';

export function ClientLoadError(props: ErrorComponentProps) {
  return <LoadError {...props} title="This client could not be loaded" />;
}
