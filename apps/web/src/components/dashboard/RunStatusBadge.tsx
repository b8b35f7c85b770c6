import { Badge } from '../ui/Badge';
import { runStatusLook } from './workflow-summary';

export function RunStatusBadge({ status }: { status: string | null }) {
  const { label, tone } = runStatusLook(status);
  return (
    <Badge tone={tone} dot={status !== null}>
      {label}
    </Badge>
  );
}
