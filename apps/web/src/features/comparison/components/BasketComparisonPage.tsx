import { useEffect, useMemo, useRef, useState } from 'react';
import { NO_CART_ID, type RankedTotal } from '@hintakori/web-util';
import type { StoreTotalsResult } from '../../../app/models';
import { Button, ErrorBox, InfoBox, Muted, Row, SkeletonRows } from '@hintakori/web-ui';
import { useStore } from 'react-redux';
import { useAppSelector, useMemberCards } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { cartQueueIdle } from '../../../kit/cart/cart.thunks';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { StoreSelector } from '../../../kit/stores/StoreSelector';
import { useNow } from '../../../kit/stores/useNow';
import { comparisonHint, rankComparison, rankOpenNow } from '../comparison.lib';
import { useGetStoreTotalsQuery, useLazyGetComparisonQuery } from '../../../kit/api/comparison.api';
import { comparisonCsv, comparisonJson, downloadText, exportFileName } from '../comparison-export';
import { useStoreOpening } from '../hooks/useOpenNow';
import { useCartImport } from '../hooks/useCartImport';
import { ComparisonTable } from './ComparisonTable';
import { SplitSuggestion } from './SplitSuggestion';
import { StoreTotalsList } from '../../../kit/cart/StoreTotalsList';

/** The service's S-Bonus estimate beside each store's total the page summed itself. */
function withBonus(ranked: RankedTotal[], totals: StoreTotalsResult | undefined): RankedTotal[] {
  if (!totals) return ranked;
  return ranked.map((row) => {
    const bonus = totals[String(row.storeId)]?.bonus;
    return typeof bonus === 'number' ? { ...row, bonus } : row;
  });
}

export function BasketComparisonPage() {
  const stores = useAppSelector((s) => s.stores.selected);
  const cart = useAppSelector((s) => s.cart);
  const storeIds = useMemo(() => stores.map((s) => s.id), [stores]);
  const cartPending = !cart.loaded;
  // Without stores there is nothing to compare whatever the cart holds: the hint shows at once (as in the server's
  // first screen, sent only to a browser without stores or a cart), not after a placeholder of another height.
  const hint = cartPending ? (storeIds.length === 0 ? comparisonHint(0, 0) : null) : comparisonHint(storeIds.length, cart.items.length);
  const [fetchComparison, { data, isFetching, originalArgs }] = useLazyGetComparisonQuery();
  const canFetch = !cartPending && !hint && cart.id !== NO_CART_ID;
  const appStore = useStore<RootState>();
  // Saved cart changes go out first, so the comparison sees the same lines as the cart panel.
  const fetchPrices = async () => {
    await cartQueueIdle();
    const state = appStore.getState();
    if (state.cart.id === NO_CART_ID) return;
    void fetchComparison({ storeIds: state.stores.selected.map((s) => s.id), cartId: state.cart.id, cards: state.cards.held });
  };

  // A card ticked or unticked prices the compared basket again (only the query changes: the page keeps its state).
  const cards = useMemberCards();
  const cardsSeen = useRef(cards);
  useEffect(() => {
    if (cardsSeen.current === cards) return;
    cardsSeen.current = cards;
    if (originalArgs && canFetch) void fetchPrices();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cards]);

  // Lines from a web shop's cart (#tuo=…, the extension's "Vie Hintakoriin") join the cart first: the arrival's
  // comparison waits for them, and one already shown is fetched again with them.
  const fetchedOnArrival = useRef(false);
  const imported = useCartImport(() => {
    if (fetchedOnArrival.current && appStore.getState().stores.selected.length > 0) void fetchPrices();
  });

  // Fetch once on arrival when there is something to compare; 'Hae hinnat' fetches again after changes.
  useEffect(() => {
    if (!fetchedOnArrival.current && canFetch && !imported.importing) {
      fetchedOnArrival.current = true;
      void fetchPrices();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canFetch, imported.importing]);

  const comparedStores = originalArgs ? stores.filter((s) => originalArgs.storeIds.includes(s.id)) : stores;
  const items = data ?? [];
  // The S-Bonus estimate is the service's (which stores earn it is the gateway's to say): asked only with S-Etukortti.
  const comparedIds = originalArgs?.storeIds ?? storeIds;
  const comparedCards = originalArgs?.cards ?? cards;
  const wantsBonus = comparedCards.includes('s-etukortti');
  const bonusTotals = useGetStoreTotalsQuery(
    { storeIds: comparedIds, cartId: originalArgs?.cartId ?? cart.id, cards: comparedCards },
    { skip: !data || !wantsBonus || comparedIds.length === 0 || cart.id === NO_CART_ID },
  );
  const ranked = withBonus(rankComparison(items, comparedStores.map((s) => s.id)), wantsBonus ? bonusTotals.data : undefined);
  // "Vain nyt avoinna olevat": only the stores open now (closing soon included) rank, in the totals and the table.
  const [openOnly, setOpenOnly] = useState(false);
  const opening = useStoreOpening(storeIds);
  const now = useNow();
  const shownRanked = openOnly ? rankOpenNow(ranked, opening, now) : ranked;
  const shownStores = openOnly ? comparedStores.filter((s) => shownRanked.some((r) => r.storeId === s.id)) : comparedStores;

  return (
    <PageLayout title="Ostoskorivertailu">
      <p>Vertaa ostoskorisi tuotteiden hintoja valitsemissasi kaupoissa tuote kerrallaan.</p>
      {/* Always there (empty until an import), so that a screen reader announces what is put in it. */}
      <div role="status" data-testid="cart-import-status">
        {imported.status ? <InfoBox style={{ marginBottom: 16 }}>{imported.status}</InfoBox> : null}
      </div>
      <div style={{ marginBottom: 16 }}>
        <StoreSelector />
      </div>
      {cards.length === 0 ? (
        <Muted data-testid="no-member-prices" style={{ display: 'block', marginBottom: 8 }}>
          Hinnat ilman kanta-asiakashintoja
        </Muted>
      ) : null}
      <Row style={{ marginBottom: 24 }}>
        <Button variant="primary" onClick={() => void fetchPrices()} disabled={!canFetch || isFetching}>
          Hae hinnat
        </Button>
      </Row>
      {hint ? (
        <ErrorBox>{hint}</ErrorBox>
      ) : isFetching || cartPending || imported.importing ? (
        <SkeletonRows />
      ) : data ? (
        <>
          <label>
            <input type="checkbox" checked={openOnly} onChange={(e) => setOpenOnly(e.target.checked)} data-testid="open-only" /> Vain nyt avoinna olevat
          </label>
          <div style={{ margin: '12px 0 24px' }}>
            <StoreTotalsList ranked={shownRanked} loading={false} opening={opening} />
          </div>
          {openOnly && shownStores.length === 0 ? (
            <ErrorBox data-testid="none-open">Yksikään valituista kaupoista ei ole nyt auki.</ErrorBox>
          ) : (
            <ComparisonTable items={items} stores={shownStores} ranked={shownRanked} onSwapped={() => void fetchPrices()} />
          )}
          <Row style={{ margin: '16px 0' }} aria-label="Vie vertailu">
            <Button
              data-testid="export-csv"
              onClick={() => {
                const now = new Date();
                void comparisonCsv(items, shownStores, shownRanked).then((csv) => downloadText(csv, exportFileName(now, 'csv'), 'text/csv;charset=utf-8'));
              }}
            >
              Lataa CSV (Excel)
            </Button>
            <Button
              data-testid="export-json"
              onClick={() => {
                const now = new Date();
                downloadText(comparisonJson(items, shownStores, shownRanked, now), exportFileName(now, 'json'), 'application/json');
              }}
            >
              Lataa JSON
            </Button>
          </Row>
          <SplitSuggestion />
        </>
      ) : null}
    </PageLayout>
  );
}
