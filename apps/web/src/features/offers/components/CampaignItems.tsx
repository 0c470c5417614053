import { startTransition, useOptimistic, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { entitySlug, formatPrice, IMAGE_SIZES } from '@hintakori/web-util';
import { Badge, Button, ErrorBox, Muted, SkeletonCards } from '@hintakori/web-ui';
import type { StoreItem } from '../../../app/models';
import { CampaignNote } from '../../../kit/product/CampaignNote';
import { CartControl } from '../../../kit/product/CartControl';
import { ProductImage } from '../../../kit/product/ProductImage';
import { useProductModal } from '../../../kit/product/useProductModal';
import { CAMPAIGN_PAGE_SIZE, type CampaignItem, useGetStoreCampaignItemsQuery } from '../offers.api';
import { campaignCountText, REAL_ONLY_PARAM, realDiscountText } from '../offers.lib';

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space.xl};
  h2 {
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.md} 0;
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(190px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  min-width: 0;
`;

const Title = styled.a`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 600;
  text-align: center;
  &:hover span {
    text-decoration: underline;
  }
`;

const PriceLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: auto;
  strong {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

/** The store's price as a store item, for the 30-day note (the item carries it; built from the row otherwise). */
function storeItemOf(c: CampaignItem): StoreItem {
  return (
    c.item.storeItems[0] ?? {
      storeId: 0,
      price: c.price,
      comparisonPrice: null,
      priceUnit: 'kpl',
      comparisonPriceUnit: '',
      isEstimated: false,
      updatedAt: null,
      isCampaign: true,
      lowestPrice30d: c.lowestPrice30d,
    }
  );
}

function CampaignCard({ campaign }: { campaign: CampaignItem }) {
  const { open } = useProductModal();
  const { item } = campaign;
  const discount = realDiscountText(campaign);
  return (
    <Card data-testid="campaign-item" data-real-discount={String(campaign.isRealDiscount)}>
      <Title
        href={`?tuote=${encodeURIComponent(entitySlug(item))}`}
        onClick={(e) => {
          e.preventDefault();
          open(item);
        }}
      >
        <ProductImage src={item.pictureUrl} alt="" size={IMAGE_SIZES.card} />
        <span>{item.name}</span>
      </Title>
      {item.brandName ? <Muted style={{ textAlign: 'center' }}>{item.brandName}</Muted> : null}
      <PriceLine>
        <strong aria-label="Kampanjahinta">{formatPrice(campaign.price)}</strong>
        {discount ? (
          <Badge $tone="success" data-testid="real-discount">
            {discount}
          </Badge>
        ) : null}
        <CampaignNote storeItem={storeItemOf(campaign)} />
        {campaign.lowestPrice30d === null ? <Muted>Ei aiempaa hintaa 30 päivän ajalta</Muted> : null}
      </PriceLine>
      <CartControl item={item} size="sm" fullWidth />
    </Card>
  );
}

/** One page of campaign items (its own cached query), rendered into the shared grid. */
function CampaignPage({ storeId, realOnly, offset }: { storeId: number; realOnly: boolean; offset: number }) {
  const { data } = useGetStoreCampaignItemsQuery({ storeId, realOnly, offset });
  return (
    <>
      {data?.items.map((c) => (
        <CampaignCard key={c.item.id} campaign={c} />
      ))}
    </>
  );
}

/**
 * The store's campaign-priced products: real discounts (below the 30-day low) first, biggest saving first, and
 * a toggle "Näytä vain todelliset alennukset" (kept in the address as ?todelliset=1). The server sorts and filters.
 */
export function CampaignItems({ storeId }: { storeId: number }) {
  const [params, setParams] = useSearchParams();
  const realOnly = params.get(REAL_ONLY_PARAM) === '1';
  // The router changes the address in a transition, so the box would snap back until the filtered list has
  // rendered: it shows the user's choice at once instead.
  const [boxTicked, setBoxTicked] = useOptimistic(realOnly);
  const [pages, setPages] = useState(1);
  const first = useGetStoreCampaignItemsQuery({ storeId, realOnly, offset: 0 });
  const total = first.data?.total ?? 0;
  const setRealOnly = (on: boolean) =>
    startTransition(() => {
      setBoxTicked(on);
      setPages(1);
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (on) next.set(REAL_ONLY_PARAM, '1');
          else next.delete(REAL_ONLY_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    });
  return (
    <Section aria-labelledby="campaign-heading">
      <h2 id="campaign-heading">Kampanjahinnat</h2>
      <Muted>
        Todelliset alennukset ensin: kampanjahintaa verrataan kaupan alimpaan hintaan 30 päivän ajalta ennen kampanjaa, ja suurin säästö näkyy ensimmäisenä.
      </Muted>
      <Controls>
        <label>
          <input type="checkbox" checked={boxTicked} onChange={(e) => setRealOnly(e.target.checked)} data-testid="real-only" /> Näytä vain todelliset alennukset
        </label>
        {first.data ? <Muted data-testid="campaign-count">{campaignCountText(total, realOnly)}</Muted> : null}
      </Controls>
      {first.isError ? (
        <ErrorBox>Kampanjahintoja ei saatu ladattua. Yritä hetken päästä uudelleen.</ErrorBox>
      ) : first.isLoading || (first.isFetching && !first.data) ? (
        <SkeletonCards count={4} />
      ) : total === 0 ? (
        <Muted data-testid="campaign-empty">
          {realOnly ? 'Tässä kaupassa ei ole nyt todellisia alennuksia.' : 'Tässä kaupassa ei ole nyt kampanjahintaisia tuotteita.'}
        </Muted>
      ) : (
        <>
          <Grid data-testid="campaign-items" aria-label="Kampanjahintaiset tuotteet">
            {Array.from({ length: pages }, (_, i) => (
              <CampaignPage key={`${realOnly}-${i}`} storeId={storeId} realOnly={realOnly} offset={i * CAMPAIGN_PAGE_SIZE} />
            ))}
          </Grid>
          {pages * CAMPAIGN_PAGE_SIZE < total ? (
            <Controls>
              <Button onClick={() => setPages((n) => n + 1)}>Näytä lisää</Button>
            </Controls>
          ) : null}
        </>
      )}
    </Section>
  );
}
