import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { type Toast, type ToastType, useToastStore } from '../stores/toast.store';
import { AlertCircleIcon, AlertTriangleIcon, CheckCircleIcon, CloseIcon, type IconProps, InfoIcon } from './ui/icons';

const looks: Record<ToastType, { Icon: ComponentType<IconProps>; accent: string }> = {
  success: { Icon: CheckCircleIcon, accent: 'text-ok' },
  error: { Icon: AlertCircleIcon, accent: 'text-danger' },
  warning: { Icon: AlertTriangleIcon, accent: 'text-warn' },
  info: { Icon: InfoIcon, accent: 'text-info' },
};

/**
 * The toast stack, bottom right. The region is a polite live region; errors interrupt
 * (`role="alert"`). The store closes toasts after their duration. A toast's link (an app
 * path) closes it when followed.
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-[60] flex flex-col items-end gap-2 sm:inset-x-auto sm:right-6 sm:bottom-6"
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((s) => s.dismiss);
  const { Icon, accent } = looks[toast.type];
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-type={toast.type}
      className="pointer-events-auto flex w-full items-start gap-3 rounded-xl border border-line bg-surface py-3 pr-2 pl-3.5 shadow-lg shadow-black/5 transition duration-200 ease-out starting:translate-y-2 starting:opacity-0 sm:w-96 dark:shadow-black/40"
    >
      <Icon size={18} className={`mt-px shrink-0 ${accent}`} />
      <p className="min-w-0 flex-1 text-sm leading-5 break-words text-ink">
        {toast.message}
        {toast.link && (
          <>
            {' '}
            <Link to={toast.link.to} onClick={() => dismiss(toast.id)} className="rounded-sm font-medium whitespace-nowrap text-brand hover:underline">
              {toast.link.label}
            </Link>
          </>
        )}
      </p>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        aria-label="Dismiss notification"
        className="-my-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-subtle transition-colors hover:bg-surface-2 hover:text-ink"
      >
        <CloseIcon size={14} />
      </button>
    </div>
  );
}
