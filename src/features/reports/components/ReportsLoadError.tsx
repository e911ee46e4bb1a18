import type { ErrorComponentProps } from '@tanstack/react-router';
import { LoadError } from '@/components/LoadError';

export function ReportsLoadError(props: ErrorComponentProps) {
  return <LoadError {...props} heading="Reports" title="Your reports could not be loaded" />;
}
