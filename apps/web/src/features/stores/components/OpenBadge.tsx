import { openStatus, type OpeningSource } from '@hintakori/web-util';
import { Badge } from '@hintakori/web-ui';
import { useNow } from '../hooks/useNow';

/** 'Avoinna', 'Suljettu' or 'Suljetaan pian ({n} min)', re-evaluated every 60 s. */
export function OpenBadge({ store }: { store: OpeningSource }) {
  const now = useNow();
  const status = openStatus(store, now);
  const tone = status.kind === 'open' ? 'success' : status.kind === 'closingSoon' ? 'warning' : 'danger';
  return (
    <Badge $tone={tone} data-testid="open-badge" data-status={status.kind}>
      {status.label}
    </Badge>
  );
}
