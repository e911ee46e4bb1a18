import type { ErrorComponentProps } from '@tanstack/react-router';
import { LoadError } from '@/components/LoadError';

export function UserLoadError(props: ErrorComponentProps) {
  return <LoadError {...props} title="This user could not be loaded" />;
}
