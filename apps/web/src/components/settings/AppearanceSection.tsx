import type { ComponentType } from 'react';
import { type ThemePreference, useThemeStore } from '../../stores/theme.store';
import { CheckIcon, type IconProps, MonitorIcon, MoonIcon, SunIcon } from '../ui/icons';
import { SettingsSection } from './SettingsSection';

const OPTIONS: { value: ThemePreference; label: string; hint: string; Icon: ComponentType<IconProps> }[] = [
  { value: 'light', label: 'Light', hint: 'Bright and crisp', Icon: SunIcon },
  { value: 'dark', label: 'Dark', hint: 'Easy on the eyes', Icon: MoonIcon },
  { value: 'system', label: 'System', hint: 'Match your device', Icon: MonitorIcon },
];

/** Theme choice: light, dark, or follow the operating system. */
export function AppearanceSection() {
  const preference = useThemeStore((s) => s.preference);
  const setPreference = useThemeStore((s) => s.setPreference);
  return (
    <SettingsSection id="appearance" title="Appearance" description="Choose how Weft looks on this device.">
      <fieldset>
        <legend className="sr-only">Theme</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {OPTIONS.map(({ value, label, hint, Icon }) => {
            const checked = preference === value;
            return (
              <label
                key={value}
                className={`relative flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand ${
                  checked ? 'border-brand bg-brand-soft/60' : 'border-line hover:bg-surface-2'
                }`}
              >
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  checked={checked}
                  onChange={() => setPreference(value)}
                  aria-label={label}
                  aria-describedby={`theme-${value}-hint`}
                  className="absolute inset-0 z-10 cursor-pointer appearance-none rounded-lg opacity-0"
                />
                <span className={`flex size-9 shrink-0 items-center justify-center rounded-md ${checked ? 'bg-brand text-white' : 'bg-surface-2 text-muted'}`}>
                  <Icon size={18} />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-ink">{label}</span>
                  <span id={`theme-${value}-hint`} className="block text-xs text-muted">
                    {hint}
                  </span>
                </span>
                {checked && <CheckIcon size={16} className="absolute top-3 right-3 text-brand" />}
              </label>
            );
          })}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
