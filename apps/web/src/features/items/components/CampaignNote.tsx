import styled from 'styled-components';
import { formatPrice } from '@hintakori/web-util';
import { Badge, Tooltip } from '@hintakori/web-ui';
import type { StoreItem } from '../../../app/models';

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
 * Beside a campaign price: "Norm. 2,49 €" when its source gave the regular price, "30 pv alin: 1,89 €", and a warning
 * badge when the campaign is no real discount.
 */
export function CampaignNote({ storeItem }: { storeItem: StoreItem }) {
  const regular = regularPriceOf(storeItem);
  const lowest = storeItem.isCampaign && storeItem.lowestPrice30d !== null && storeItem.lowestPrice30d !== undefined ? storeItem.lowestPrice30d : null;
  if (regular === null && lowest === null) return null;
  return (
    <Note data-testid="campaign-note">
      {regular !== null ? <span data-testid="regular-price">Norm. {formatPrice(regular)}</span> : null}
      {lowest !== null ? <span>30 pv alin: {formatPrice(lowest)}</span> : null}
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
