import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ApiKeysSection } from '../components/settings/ApiKeysSection';
import { AppearanceSection } from '../components/settings/AppearanceSection';
import { AuditLogSection } from '../components/settings/audit/AuditLogSection';
import { CollectionsSection } from '../components/settings/CollectionsSection';
import { DangerZoneSection } from '../components/settings/DangerZoneSection';
import { FilesSection } from '../components/settings/FilesSection';
import { McpSection } from '../components/settings/McpSection';
import { NotificationsSection } from '../components/settings/NotificationsSection';
import { PasswordSection } from '../components/settings/PasswordSection';
import { ProfileSection } from '../components/settings/ProfileSection';
import { SettingsNav } from '../components/settings/SettingsNav';
import { SecretsSection } from '../components/settings/secrets/SecretsSection';
import { UsageSection } from '../components/settings/UsageSection';
import { VersionHistorySection } from '../components/settings/VersionHistorySection';
import { WorkspacesSection } from '../components/settings/workspaces/WorkspacesSection';
import { PageSpinner } from '../components/ui/Spinner';
import { useAuthStore } from '../stores/auth.store';

/** /settings: profile, password, notifications, appearance and account deletion. */
export function SettingsPage() {
  const user = useAuthStore((s) => s.user);
  const { hash } = useLocation();
  // /settings#notifications: the sections render after the route, so scroll once they exist.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  if (!user) return <PageSpinner />;
  return (
    <div className="mx-auto w-full max-w-6xl px-5 py-8 sm:px-8 sm:py-10">
      <header className="mb-8">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">Settings</h1>
        <p className="mt-1 text-sm text-muted">Manage your account, e-mail preferences and how Weft looks.</p>
      </header>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[200px_minmax(0,1fr)] lg:gap-10">
        <SettingsNav />
        <div className="flex min-w-0 flex-col gap-6">
          <ProfileSection key={user.id} user={user} />
          <PasswordSection user={user} />
          <NotificationsSection />
          <WorkspacesSection />
          <ApiKeysSection />
          <McpSection />
          <SecretsSection />
          <UsageSection />
          <FilesSection />
          <CollectionsSection />
          <VersionHistorySection />
          <AuditLogSection />
          <AppearanceSection />
          <DangerZoneSection user={user} />
        </div>
      </div>
    </div>
  );
}
