import type { ComponentType } from 'react';
import {
  BellIcon,
  BookIcon,
  DatabaseIcon,
  FileIcon,
  GaugeIcon,
  HistoryIcon,
  type IconProps,
  KeyIcon,
  LockIcon,
  PaletteIcon,
  ShieldAlertIcon,
  UserIcon,
  VaultIcon,
  ZapIcon,
} from '../ui/icons';

/** The settings page's sections, in order: ids are the URL fragments (#profile…). */
export const SETTINGS_SECTIONS: { id: string; label: string; Icon: ComponentType<IconProps> }[] = [
  { id: 'profile', label: 'Profile', Icon: UserIcon },
  { id: 'password', label: 'Password', Icon: LockIcon },
  { id: 'notifications', label: 'Notifications', Icon: BellIcon },
  { id: 'workspaces', label: 'Workspaces', Icon: UserIcon },
  { id: 'api-keys', label: 'API keys', Icon: KeyIcon },
  { id: 'mcp', label: 'MCP', Icon: ZapIcon },
  { id: 'secrets', label: 'Secrets', Icon: VaultIcon },
  { id: 'usage', label: 'Usage', Icon: GaugeIcon },
  { id: 'files', label: 'Files', Icon: FileIcon },
  { id: 'collections', label: 'Collections', Icon: DatabaseIcon },
  { id: 'version-history', label: 'Version history', Icon: HistoryIcon },
  { id: 'audit-log', label: 'Audit log', Icon: BookIcon },
  { id: 'appearance', label: 'Appearance', Icon: PaletteIcon },
  { id: 'danger-zone', label: 'Danger zone', Icon: ShieldAlertIcon },
];
