import type { ReactNode } from 'react';

/** The chat's two icons, drawn like the app's set (24×24, stroke, currentColor). Decorative. */
function Svg({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function ChatIcon({ size = 16 }: { size?: number }) {
  return (
    <Svg size={size}>
      <path d="M21 11.5a8.4 8.4 0 0 1-9 8.4 9 9 0 0 1-3.9-.9L3 20.5l1.5-4.6A8.4 8.4 0 0 1 12 3a8.5 8.5 0 0 1 9 8.5z" />
    </Svg>
  );
}

export function SendIcon({ size = 16 }: { size?: number }) {
  return (
    <Svg size={size}>
      <path d="m22 2-7 20-4-9-9-4zM22 2 11 13" />
    </Svg>
  );
}
