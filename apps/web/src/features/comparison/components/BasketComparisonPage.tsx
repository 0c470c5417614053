import { useEffect, useMemo, useRef } from 'react';
import { NO_CART_ID } from '@hintakori/web-util';
import { Button, ErrorBox, Row, SkeletonRows } from '@hintakori/web-ui';
import { useStore } from 'react-redux';
import { useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { cartQueueIdle } from '../../cart/cart.thunks';
import { PageLayout } from '../../layout/components/PageLayout';
import { StoreSelector } from '../../stores/components/StoreSelector';
import { comparisonHint, rankComparison } from '../comparison.lib';
import { useLazyGetComparisonQuery } from '../comparison.api';
import { ComparisonTable } from './ComparisonTable';
import { SplitSuggestion } from './SplitSuggestion';

export function BasketComparisonPage() {
  const stores = useAppSelector((s) => s.stores.selected);
  const cart = useAppSelector((s) => s.cart);
  const storeIds = useMemo(() => stores.map((s) => s.id), [stores]);
  const cartPending = !cart.loaded;
  const hint = cartPending ? null : comparisonHint(storeIds.length, cart.items.length);
  const [fetchComparison, { data, isFetching, originalArgs }] = useLazyGetComparisonQuery();
  const canFetch = !cartPending && !hint && cart.id !== NO_CART_ID;
  const appStore = useStore<RootState>();
  // Saved cart changes go out first, so the comparison sees the same lines as the cart panel.
  const fetchPrices = async () => {
    await cartQueueIdle();
    const state = appStore.getState();
    if (state.cart.id === NO_CART_ID) return;
    void fetchComparison({ storeIds: state.stores.selected.map((s) => s.id), cartId: state.cart.id });
  };

  // Fetch once on arrival when there is something to compare; 'Hae hinnat' fetches again after changes.
  const fetchedOnArrival = useRef(false);
  useEffect(() => {
    if (!fetchedOnArrival.current && canFetch) {
      fetchedOnArrival.current = true;
      void fetchPrices();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canFetch]);

  const shownStores = originalArgs ? stores.filter((s) => originalArgs.storeIds.includes(s.id)) : stores;
  const items = data ?? [];
  const ranked = rankComparison(items, shownStores.map((s) => s.id));

  return (
    <PageLayout title="Ostoskorivertailu">
      <p>Vertaa ostoskorisi tuotteiden hintoja valitsemissasi kaupoissa tuote kerrallaan.</p>
      <div style={{ marginBottom: 16 }}>
        <StoreSelector />
      </div>
      <Row style={{ marginBottom: 24 }}>
        <Button variant="primary" onClick={() => void fetchPrices()} disabled={!canFetch || isFetching}>
          Hae hinnat
        </Button>
      </Row>
      {hint ? (
        <ErrorBox>{hint}</ErrorBox>
      ) : isFetching || cartPending ? (
        <SkeletonRows />
      ) : data ? (
        <>
          <ComparisonTable items={items} stores={shownStores} ranked={ranked} />
          <SplitSuggestion />
        </>
      ) : null}
    </PageLayout>
  );
}
