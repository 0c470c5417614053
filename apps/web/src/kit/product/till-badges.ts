import type { TillApplied } from '@hintakori/shared-contracts';
import { formatPrice, helsinkiParts } from '@hintakori/web-util';
import { campaignLastDay } from './CampaignNote';

/** How a badge looks: `applied` a rule counted in the line's price, `hint` an offer it did not reach (muted). */
export type TillBadgeTone = 'applied' | 'hint';

export interface TillBadge {
  kind: TillApplied['kind'];
  text: string;
  tone: TillBadgeTone;
}

const CARD_PRICE_NAMES = { 'k-plussa': 'Plussa', 'lidl-plus': 'Lidl Plus' } as const;

/** 'Plussa-hinta', 'Lidl Plus -hinta' (a name of two words takes the hyphen after a space, as Finnish writes it). */
const offerName = (name: string) => (name.includes(' ') ? `${name} -hinta` : `${name}-hinta`);

/** The day of an instant in Finland's calendar, 'd.m.'; null for an unreadable time. */
export function helsinkiDayMonth(iso: string): string | null {
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return null;
  const [, m, d] = helsinkiParts(t).date.split('-').map(Number);
  return `${d}.${m}.`;
}

/** The badge of one till rule, or null when there is nothing to say (a campaign without an end, an unreadable date). */
export function tillBadge(entry: TillApplied): TillBadge | null {
  switch (entry.kind) {
    case 'member':
      return { kind: entry.kind, tone: 'applied', text: `${CARD_PRICE_NAMES[entry.card] ?? entry.card} ${formatPrice(entry.price)}` };
    case 'member-offer':
      return { kind: entry.kind, tone: 'hint', text: `${offerName(CARD_PRICE_NAMES[entry.card] ?? entry.card)} ${formatPrice(entry.price)}` };
    case 'multibuy':
      return { kind: entry.kind, tone: 'applied', text: `${entry.quantity} kpl ${formatPrice(entry.price)}` };
    case 'multibuy-offer':
      return { kind: entry.kind, tone: 'hint', text: `${entry.quantity} kpl ${formatPrice(entry.price)}` };
    case 'campaign': {
      const day = entry.endsAt ? campaignLastDay(entry.endsAt) : null;
      return day ? { kind: entry.kind, tone: 'applied', text: `voimassa ${day} asti` } : null;
    }
    case 'campaign-ended': {
      const day = campaignLastDay(entry.endsAt);
      return day ? { kind: entry.kind, tone: 'hint', text: `kampanja päättyi ${day}` } : null;
    }
    case 'campaign-upcoming': {
      const day = helsinkiDayMonth(entry.startsAt);
      return day ? { kind: entry.kind, tone: 'hint', text: `halvempi ${formatPrice(entry.price)} ${day} alkaen` } : null;
    }
    case 'weight':
      return { kind: entry.kind, tone: 'hint', text: `arvio: ${entry.grams} g/kpl` };
    default:
      return null;
  }
}

/** The badges of a line's `applied`, in the order the till gave them (unknown kinds skipped). */
export function tillBadges(applied: readonly TillApplied[] | undefined): TillBadge[] {
  return (applied ?? []).map(tillBadge).filter((b): b is TillBadge => b !== null);
}
