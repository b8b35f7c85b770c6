export function SettingsPage() {
  return <div className="p-8">Settings</div>;
}
