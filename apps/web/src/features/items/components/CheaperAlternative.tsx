import styled from 'styled-components';
import { formatUnitPrice } from '@hintakori/web-util';
import { Button, Muted } from '@hintakori/web-ui';
import { useAppDispatch, useAppSelector, useSelectedStoreIds } from '../../../app/hooks';
import type { Item } from '../../../app/models';
import { swapInCart } from '../../cart/cart.thunks';
import { useGetItemAlternativesQuery } from '../items.api';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** "Halvempi vaihtoehto": the best cheaper product of the same kind, with a one-click swap that keeps the quantity. */
export function CheaperAlternative({ item }: { item: Item }) {
  const dispatch = useAppDispatch();
  const storeIds = useSelectedStoreIds();
  const inCart = useAppSelector((s) => s.cart.items.some((i) => i.id === item.id));
  const { data } = useGetItemAlternativesQuery({ id: item.id, storeIds }, { skip: storeIds.length === 0 });
  const best = data?.alternatives[0];
  if (!data || !best) return null;
  const unit = data.comparisonPriceUnit;
  return (
    <Box data-testid="cheaper-alternative">
      <strong>Halvempi vaihtoehto:</strong>
      <span>{best.item.name}</span>
      <Muted>
        {formatUnitPrice(best.comparisonPrice, unit)} (säästö {formatUnitPrice(best.savingPerUnit, unit)})
      </Muted>
      {inCart ? (
        <Button size="sm" onClick={() => void dispatch(swapInCart(item.id, best.item))}>
          Vaihda
        </Button>
      ) : null}
    </Box>
  );
}
