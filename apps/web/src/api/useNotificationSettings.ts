import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import { toast } from '../stores/toast.store';
import { queryKeys } from './query-keys';

export type NotificationType = 'platformUpdates' | 'serviceAnnouncements' | 'newsletter' | 'productNews';

/** The user's record in notificationSubscriptions (SPEC.md section 3). */
export interface NotificationSubscription {
  email: string;
  notificationsEnabled: boolean;
  notificationTypes: Partial<Record<NotificationType | 'all', boolean>>;
  subscribedAt?: string;
  updatedAt?: string;
}

export interface NotificationPatch {
  notificationsEnabled?: boolean;
  notificationTypes?: Partial<Record<NotificationType, boolean>>;
}

/** What a user without a subscription sees: nothing sent, every type ready to switch on. */
export const NO_SUBSCRIPTION: Pick<NotificationSubscription, 'notificationsEnabled' | 'notificationTypes'> = {
  notificationsEnabled: false,
  notificationTypes: {},
};

/** GET /api/me/notifications, and PUT with the switch shown as changed at once (rolled back on failure). */
export function useNotificationSettings() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.notifications,
    queryFn: async ({ signal }) => (await api<{ subscription: NotificationSubscription | null }>('/api/me/notifications', { signal })).subscription,
  });
  const update = useMutation({
    mutationFn: (patch: NotificationPatch) => api<{ subscription: NotificationSubscription }>('/api/me/notifications', { method: 'PUT', body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications });
      const previous = queryClient.getQueryData<NotificationSubscription | null>(queryKeys.notifications);
      const base: NotificationSubscription = previous ?? { email: '', ...NO_SUBSCRIPTION };
      const optimistic: NotificationSubscription = {
        ...base,
        notificationsEnabled: patch.notificationsEnabled ?? base.notificationsEnabled,
        notificationTypes: { ...base.notificationTypes, ...patch.notificationTypes },
      };
      queryClient.setQueryData(queryKeys.notifications, optimistic);
      return { previous };
    },
    onError: (_error, _patch, context) => {
      queryClient.setQueryData(queryKeys.notifications, context?.previous ?? null);
      toast.error('Failed to update notification preferences');
    },
    onSuccess: ({ subscription }) => queryClient.setQueryData(queryKeys.notifications, subscription),
  });
  return { query, update };
}
