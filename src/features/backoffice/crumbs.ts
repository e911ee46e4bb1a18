import { linkOptions } from '@tanstack/react-router';
import type { Crumb } from '@/components/PageFrame';

export const BACKOFFICE_CRUMB: Crumb = { label: 'Backoffice', link: linkOptions({ to: '/backoffice' }) };
export const USERS_CRUMB: Crumb = { label: 'Users', link: linkOptions({ to: '/users' }) };
