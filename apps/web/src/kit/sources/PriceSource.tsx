import styled from 'styled-components';
import type { StoreItem, StoreType } from '../../app/models';
import { priceSourceText } from './data-sources';

const Note = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 400;
`;

/**
 * 'Lähde: Open Prices, käyttäjän ilmoitus 20.11.2026' under a store's price; nothing for an estimate. The store's
 * group (`storeType`) names the web shop of a price a shopper shared.
 */
export function PriceSource({ storeItem, storeType }: { storeItem: StoreItem; storeType?: StoreType | string }) {
  const text = priceSourceText(storeItem, storeType);
  return text ? <Note data-testid="price-source">{text}</Note> : null;
}
