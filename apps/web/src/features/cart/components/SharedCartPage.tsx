import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { rankTotals } from '@hintakori/web-util';
import { ErrorBox, Muted, SkeletonRows } from '@hintakori/web-ui';
import { useMemberCards, useSelectedStoreIds } from '../../../app/hooks';
import { useGetStoreTotalsQuery } from '../../../kit/api/comparison.api';
import { StoreTotalsList } from '../../../kit/cart/StoreTotalsList';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { StoreSelector } from '../../../kit/stores/StoreSelector';
import { useGetCartQuery } from '../../../kit/api/cart.api';
import { CartLine } from './CartLine';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(260px, 1fr);
  gap: ${({ theme }) => theme.space.xl};
  align-items: start;
  @media (max-width: 900px) { grid-template-columns: 1fr; }
`;

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

export function SharedCartPage() {
  const { shoppingCartId = '' } = useParams();
  const storeIds = useSelectedStoreIds();
  const cards = useMemberCards();
  const { data, isLoading, error } = useGetCartQuery({ cartId: shoppingCartId, storeIds }, { skip: !shoppingCartId });
  const lineCount = data?.items.length ?? 0;
  const totals = useGetStoreTotalsQuery({ storeIds, cartId: shoppingCartId, cards }, { skip: storeIds.length === 0 || lineCount === 0 });
  const ranked = useMemo(() => (totals.isError ? [] : rankTotals(totals.data, storeIds)), [totals.data, totals.isError, storeIds]);

  useEffect(() => {
    if (error) console.error('Loading the shared cart failed', error);
  }, [error]);

  return (
    <PageLayout title="Jaettu ostoskori">
      <p>
        Toinen käyttäjä on jakanut tämän ostoskorin sinulle. Voit tarkastella ostoskoria ja sen hintoja valitsemissasi
        kaupoissa.
      </p>
      <div style={{ marginBottom: 24 }}>
        <StoreSelector />
      </div>
      <Columns>
        <section aria-labelledby="shared-items">
          <h2 id="shared-items">Tuotteet</h2>
          {isLoading ? (
            <SkeletonRows />
          ) : lineCount > 0 ? (
            <Lines data-testid="shared-cart-lines">
              {data?.items.map(({ item, quantity }) => (
                <CartLine key={item.id} item={item} readOnlyCount={quantity} />
              ))}
            </Lines>
          ) : (
            <Muted>Ostoskorissa ei ole tuotteita.</Muted>
          )}
        </section>
        <section aria-labelledby="shared-totals">
          <h2 id="shared-totals">Hinta kaupoittain</h2>
          {storeIds.length === 0 ? (
            <ErrorBox>Valitse ensin kaupat</ErrorBox>
          ) : (
            <StoreTotalsList ranked={ranked} loading={totals.isFetching} />
          )}
        </section>
      </Columns>
    </PageLayout>
  );
}
