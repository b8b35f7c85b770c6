import { formatExactTime, formatRelativeTime } from '../../lib/relative-time';

/** "3 hours ago", with the exact date and time on hover and for assistive tech. */
export function RelativeTime({ value, now }: { value: string; now: Date }) {
  const exact = formatExactTime(value);
  return (
    <time dateTime={value} title={exact} className="cursor-default">
      {formatRelativeTime(value, now)}
    </time>
  );
}
