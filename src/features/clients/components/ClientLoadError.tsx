import type { ErrorComponentProps } from '@tanstack/react-router';
import { LoadError } from '../../profiles/components/ProfileLoadError';

export function ClientLoadError(props: ErrorComponentProps) {
  return <LoadError {...props} title="This client could not be loaded" />;
}
