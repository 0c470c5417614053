import styled from 'styled-components';
import { formatPrice } from '@hintakori/web-util';
import { Tooltip } from '@hintakori/web-ui';
import type { StoreItem } from '../../app/models';

const Note = styled.span`
  margin-left: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 500;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;

/** The deposit of a price, when it has one: paid on top of the price, never part of it or of the comparison price. */
export function depositOf(s: Pick<StoreItem, 'price' | 'deposit'>): number | null {
  return s.price !== null && typeof s.deposit === 'number' && s.deposit > 0 ? s.deposit : null;
}

/** "+ pantti 0,15 €" beside a price whose source gave a container deposit. */
export function DepositNote({ storeItem }: { storeItem: Pick<StoreItem, 'price' | 'deposit'> }) {
  const deposit = depositOf(storeItem);
  if (deposit === null) return null;
  const text = `+ pantti ${formatPrice(deposit)}`;
  return (
    <Tooltip content="Pantti maksetaan hinnan päälle ja saadaan takaisin, kun pakkaus palautetaan. Se ei sisälly hintaan eikä vertailuhintaan." label={`${text}: selitys`}>
      <Note data-testid="deposit-note">{text}</Note>
    </Tooltip>
  );
}
