import { linkOptions } from '@tanstack/react-router';
import type { Crumb } from '@/components/PageFrame';

/** The first step of every staff screen's breadcrumb. */
export const HUB_CRUMB: Crumb = { label: 'Hub', link: linkOptions({ to: '/hub' }) };
