/** The public sections linked from the top bar (and its narrow-screen menu). */
export const NAV_LINKS = [
  { to: '/gallery', label: 'Gallery' },
  { to: '/docs', label: 'Docs' },
] as const;
