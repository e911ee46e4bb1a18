import type { ErrorComponentProps } from '@tanstack/react-router';
import { LoadError } from '@/components/LoadError';

export function DashboardLoadError(props: ErrorComponentProps) {
  return <LoadError {...props} title="The programs could not be loaded" heading="Thrive dashboard" />;
}
