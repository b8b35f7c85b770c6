import type { ReactNode } from 'react';
import { AlertCircleIcon, AlertTriangleIcon, CheckCircleIcon, InfoIcon } from './icons';

export type AlertTone = 'error' | 'success' | 'warning' | 'info';

// Info is advice, not an alarm: ink text, only the border and icon carry the colour.
const tones: Record<AlertTone, { box: string; Icon: typeof InfoIcon }> = {
  error: { box: 'border-danger/30 bg-danger/8 text-danger', Icon: AlertCircleIcon },
  success: { box: 'border-ok/30 bg-ok/8 text-ok', Icon: CheckCircleIcon },
  warning: { box: 'border-warn/30 bg-warn/8 text-warn', Icon: AlertTriangleIcon },
  info: { box: 'border-info/30 bg-info/8 text-ink [&>svg]:text-info', Icon: InfoIcon },
};

/**
 * An inline message box (the login page's red error box, success notes…). Errors are
 * announced at once (`role="alert"`), the others politely (`role="status"`).
 */
export function Alert({ tone, children, className = '' }: { tone: AlertTone; children: ReactNode; className?: string }) {
  const { box, Icon } = tones[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex items-start gap-2.5 rounded-lg border px-3 py-2.5 text-sm ${box} ${className}`}>
      <Icon size={16} className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1 leading-5">{children}</div>
    </div>
  );
}
