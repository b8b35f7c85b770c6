/**
 * Where the marketing pages point outside the app. Operators who rebrand an instance
 * change them here; nothing is fetched from these addresses.
 */
export const SOCIAL_LINKS = [
  { name: 'github', label: 'GitHub', href: 'https://github.com/weft-automation/weft' },
  { name: 'x', label: 'X (Twitter)', href: 'https://x.com/weft_dev' },
  { name: 'discord', label: 'Discord', href: 'https://discord.gg/weft' },
] as const;

export const SALES_EMAIL = 'sales@weft.dev';
