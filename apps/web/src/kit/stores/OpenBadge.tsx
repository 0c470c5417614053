import { openStatus, type OpeningSource } from '@hintakori/web-util';
import { Badge } from '@hintakori/web-ui';
import { useNow } from './useNow';

/** A store's opening hours, and whether its source could read them and still lists it. */
export type BadgeStore = OpeningSource & { openingHoursKnown?: boolean; isClosed?: boolean };

/**
 * 'Avoinna', 'Suljettu' or 'Suljetaan pian ({n} min)', re-evaluated every 60 s; 'Suljettu pysyvästi' for a store gone
 * from its source, and nothing when the source's hours are not known (no guessing from missing hours).
 */
export function OpenBadge({ store }: { store: BadgeStore }) {
  const now = useNow();
  if (store.isClosed) {
    return (
      <Badge $tone="danger" data-testid="open-badge" data-status="closedPermanently">
        Suljettu pysyvästi
      </Badge>
    );
  }
  if (store.openingHoursKnown === false) return null;
  const status = openStatus(store, now);
  const tone = status.kind === 'open' ? 'success' : status.kind === 'closingSoon' ? 'warning' : 'danger';
  return (
    <Badge $tone={tone} data-testid="open-badge" data-status={status.kind}>
      {status.label}
    </Badge>
  );
}
