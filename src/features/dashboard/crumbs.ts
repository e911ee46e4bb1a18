import { linkOptions } from '@tanstack/react-router';
import type { Crumb } from '@/components/PageFrame';

export const DASHBOARD_CRUMB: Crumb = { label: 'Thrive dashboard', link: linkOptions({ to: '/thrive-dashboard' }) };
