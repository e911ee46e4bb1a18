import { brand } from '@/config/brand';

/** Thrive's mark (the same drawing as the favicon and the app icons). Decorative. */
export function ThriveMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <rect width="100" height="100" rx="22" fill={brand.primary} />
      <g fill="none" stroke={brand.onPrimary} strokeLinecap="round">
        <path d="M24 40 50 47 76 40" strokeWidth="11" />
        <path d="M50 49V80" strokeWidth="13" />
      </g>
      <circle cx="50" cy="24" r="9" fill={brand.onPrimary} />
    </svg>
  );
}
