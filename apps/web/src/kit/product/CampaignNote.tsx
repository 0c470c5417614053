import styled from 'styled-components';
import { addDays, formatPrice, helsinkiParts } from '@hintakori/web-util';
import { Badge, Tooltip } from '@hintakori/web-ui';
import type { StoreItem } from '../../app/models';

const Note = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  flex-basis: 100%;
  min-width: 0;
  max-width: 100%;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The warning may break over two lines in a narrow (phone) product card rather than stick out of it. */
const Warning = styled(Badge)`
  white-space: normal;
`;

/** A campaign price that is not below the lowest price of the 30 days before it (EU price-indication rule). */
export function isFakeDiscount(s: Pick<StoreItem, 'price' | 'isCampaign' | 'lowestPrice30d'>): boolean {
  return Boolean(s.isCampaign) && s.price !== null && s.lowestPrice30d !== null && s.lowestPrice30d !== undefined && s.price >= s.lowestPrice30d;
}

/** The regular price its source gave beside a campaign price, when above it. */
function regularPriceOf(s: StoreItem): number | null {
  return s.isCampaign && s.price !== null && typeof s.regularPrice === 'number' && s.regularPrice > s.price ? s.regularPrice : null;
}

/**
 * The last day of a campaign in Finland's calendar as 'd.m.' ('30.11.'), from the time it ends; an end at midnight
 * (00:00 in Helsinki) is the end of the day before. null for an unreadable time.
 */
export function campaignLastDay(endsAt: string): string | null {
  const t = new Date(endsAt);
  if (Number.isNaN(t.getTime())) return null;
  const { date, hour, minute } = helsinkiParts(t);
  const day = hour === 0 && minute === 0 && t.getUTCSeconds() === 0 ? addDays(date, -1) : date;
  const [, m, d] = day.split('-').map(Number);
  return `${d}.${m}.`;
}

/** "Tarjous voimassa 30.11. asti" for a campaign price whose shop said when it ends; null otherwise. */
export function campaignEndText(s: Pick<StoreItem, 'isCampaign' | 'campaignEndsAt'>): string | null {
  if (!s.isCampaign || typeof s.campaignEndsAt !== 'string') return null;
  const day = campaignLastDay(s.campaignEndsAt);
  return day ? `Tarjous voimassa ${day} asti` : null;
}

/**
 * The shop's own published lowest price of the 30 days before, when it gave one (never in place of ours); a low of
 * 0 cents is no price a shop sold at (a placeholder), so it is not shown.
 */
function sourceLowestOf(s: StoreItem): number | null {
  return s.price !== null && typeof s.sourceLowest30d === 'number' && Number.isInteger(s.sourceLowest30d) && s.sourceLowest30d > 0 ? s.sourceLowest30d : null;
}

/**
 * Beside a campaign price: "Norm. 2,49 €" when its source gave the regular price, "30 pv alin: 1,89 €", and a warning
 * badge when the campaign is no real discount. With `sourceDetails` (the product page's price table) also what the
 * shop itself said: "Tarjous voimassa 30.11. asti" and, on any price, "Kaupan ilmoittama 30 päivän alin: 1,79 €"
 * beside our own 30-day low, never in its place (the warning stays ours).
 */
export function CampaignNote({ storeItem, sourceDetails = false }: { storeItem: StoreItem; sourceDetails?: boolean }) {
  const regular = regularPriceOf(storeItem);
  const lowest = storeItem.isCampaign && storeItem.lowestPrice30d !== null && storeItem.lowestPrice30d !== undefined ? storeItem.lowestPrice30d : null;
  const ends = sourceDetails ? campaignEndText(storeItem) : null;
  const shopLowest = sourceDetails ? sourceLowestOf(storeItem) : null;
  if (regular === null && lowest === null && ends === null && shopLowest === null) return null;
  return (
    <Note data-testid="campaign-note">
      {ends !== null ? <span data-testid="campaign-ends">{ends}</span> : null}
      {regular !== null ? <span data-testid="regular-price">Norm. {formatPrice(regular)}</span> : null}
      {lowest !== null ? <span>30 pv alin: {formatPrice(lowest)}</span> : null}
      {shopLowest !== null ? <span data-testid="source-lowest">Kaupan ilmoittama 30 päivän alin: {formatPrice(shopLowest)}</span> : null}
      {isFakeDiscount(storeItem) ? (
        <Tooltip
          content="Kampanjahinta ei ole alempi kuin kaupan alin hinta 30 päivän aikana ennen kampanjaa. EU:n hintamerkintäsääntöjen mukaan alennus lasketaan tuosta hinnasta."
          label="Ei todellinen alennus: selitys"
        >
          <Warning $tone="neutral" data-testid="fake-discount">
            Ei todellinen alennus
          </Warning>
        </Tooltip>
      ) : null}
    </Note>
  );
}
