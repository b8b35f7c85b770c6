import { NO_SUBSCRIPTION, type NotificationType, useNotificationSettings } from '../../api/useNotificationSettings';
import { Skeleton } from '../ui/Skeleton';
import { Switch } from '../ui/Switch';
import { SettingsListError } from './SettingsListStates';
import { SettingsSection } from './SettingsSection';

const TYPES: { key: NotificationType; label: string; description: string }[] = [
  { key: 'platformUpdates', label: 'Platform updates', description: 'New features and improvements to Weft.' },
  { key: 'serviceAnnouncements', label: 'Service announcements', description: 'Maintenance windows and changes that affect your workflows.' },
  { key: 'newsletter', label: 'Newsletter', description: 'Occasional tips, templates and automation ideas.' },
  { key: 'productNews', label: 'Product news', description: 'Launches, pricing and company news.' },
];

/** E-mail preferences: a master switch and one switch per kind of message. */
export function NotificationsSection() {
  return (
    <SettingsSection id="notifications" title="Notifications" description="Choose which e-mails Weft sends you. Account and security e-mails are always sent.">
      <NotificationSwitches />
    </SettingsSection>
  );
}

function NotificationSwitches() {
  const { query, update } = useNotificationSettings();
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading notification preferences" className="space-y-5">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center justify-between gap-4">
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3.5 w-40" />
              <Skeleton className="h-3 w-64 max-w-full" />
            </div>
            <Skeleton className="h-5 w-9 rounded-full" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <SettingsListError what="notification preferences" query={query} />;
  }

  const subscription = query.data ?? NO_SUBSCRIPTION;
  const enabled = subscription.notificationsEnabled;
  return (
    <div>
      <Switch
        label="Email notifications"
        description={enabled ? 'Weft e-mails you about the topics switched on below.' : 'You receive no product e-mails. Switch on to choose topics.'}
        checked={enabled}
        onChange={(checked) => update.mutate({ notificationsEnabled: checked })}
      />
      <fieldset disabled={!enabled} className="mt-5 space-y-4 border-t border-line pt-5">
        <legend className="sr-only">Topics</legend>
        {TYPES.map((type) => (
          <Switch
            key={type.key}
            label={type.label}
            description={type.description}
            checked={subscription.notificationTypes[type.key] !== false}
            disabled={!enabled}
            onChange={(checked) => update.mutate({ notificationTypes: { [type.key]: checked } })}
          />
        ))}
      </fieldset>
    </div>
  );
}
