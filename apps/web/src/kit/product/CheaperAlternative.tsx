import styled from 'styled-components';
import { entitySlug, formatUnitPrice } from '@hintakori/web-util';
import { Button, Muted } from '@hintakori/web-ui';
import { useAppDispatch, useAppSelector, useSelectedStoreIds } from '../../app/hooks';
import type { Item } from '../../app/models';
import { swapInCart } from '../cart/cart.thunks';
import { useProductModal } from './useProductModal';
import { useGetItemAlternativesQuery } from '../api/items.api';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * "Halvempi vaihtoehto": the best cheaper product of the same kind (its name opens it), with a one-click swap that
 * keeps the quantity when the item is in the cart; `onSwapped` runs after the swap is saved.
 */
export function CheaperAlternative({ item, onSwapped }: { item: Item; onSwapped?: () => void }) {
  const dispatch = useAppDispatch();
  const { open } = useProductModal();
  const storeIds = useSelectedStoreIds();
  const inCart = useAppSelector((s) => s.cart.items.some((i) => i.id === item.id));
  const { data } = useGetItemAlternativesQuery({ id: item.id, storeIds }, { skip: storeIds.length === 0 });
  const best = data?.alternatives[0];
  if (!data || !best) return null;
  const unit = data.comparisonPriceUnit;
  return (
    <Box data-testid="cheaper-alternative">
      <strong>Halvempi vaihtoehto:</strong>
      <a
        href={`?tuote=${encodeURIComponent(entitySlug(best.item))}`}
        onClick={(e) => {
          e.preventDefault();
          open(best.item);
        }}
      >
        {best.item.name}
      </a>
      <Muted>
        {formatUnitPrice(best.comparisonPrice, unit)} (säästö {formatUnitPrice(best.savingPerUnit, unit)})
      </Muted>
      {inCart ? (
        <Button size="sm" onClick={() => void dispatch(swapInCart(item.id, best.item)).then(() => onSwapped?.())}>
          Vaihda
        </Button>
      ) : null}
    </Box>
  );
}
