import { useId } from 'react';

/**
 * The app icon (public/icons, drawn by scripts/draw-icons.mjs: three breath rings and a
 * centre on the teal-to-night gradient) as inline SVG for the header and the sign-in card:
 * sharp at any pixel density, and no image to fetch before the first paint. The favicon,
 * public/icons/icon.svg, is the same drawing as a file.
 */
export function BrandMark({ size }: { size: number }) {
  const gradient = useId();
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2b6f77" />
          <stop offset="1" stopColor="#1b3a5c" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="7" fill={`url(#${gradient})`} />
      <g fill="none" stroke="#e8f4f1">
        <circle cx="16" cy="16" r="12.5" strokeWidth="1.6" strokeOpacity="0.8" />
        <circle cx="16" cy="16" r="9" strokeWidth="1.1" strokeOpacity="0.45" />
        <circle cx="16" cy="16" r="5.75" strokeWidth="0.9" strokeOpacity="0.28" />
      </g>
      <circle cx="16" cy="16" r="2.5" fill="#e8f4f1" fillOpacity="0.85" />
    </svg>
  );
}
