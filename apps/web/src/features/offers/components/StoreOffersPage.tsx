import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { IMAGE_SIZES } from '@hintakori/web-util';
import { Muted, SkeletonCards } from '@hintakori/web-ui';
import { ProductImage } from '../../../kit/product/ProductImage';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { useResolvedStore } from '../../../kit/stores/useResolvedStore';
import { StoreHeader, StoreInfo } from '../../../kit/stores/StoreInfo';
import { StoreSkeleton } from '../../../kit/stores/StoreSkeleton';
import { useGetOffersQuery } from '../offers.api';
import { CampaignItems } from './CampaignItems';

const Tiles = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  li {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.md};
    text-align: center;
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

function Offers({ storeId }: { storeId: number }) {
  const { data, isLoading } = useGetOffersQuery(storeId);
  const offers = data ?? [];
  return (
    <section aria-labelledby="offers-heading">
      <h2 id="offers-heading">Tarjoukset</h2>
      {isLoading ? (
        <SkeletonCards count={4} />
      ) : offers.length === 0 ? (
        <Muted>Ei tiedossa olevia tarjouksia</Muted>
      ) : (
        <Tiles data-testid="offer-tiles">
          {offers.map((o) => (
            <li key={o.id}>
              <ProductImage src={o.image} alt="" size={IMAGE_SIZES.card} />
              {o.name}
            </li>
          ))}
        </Tiles>
      )}
    </section>
  );
}

export function StoreOffersPage() {
  const { storeSlug } = useParams();
  const { store, loading, notFound } = useResolvedStore(storeSlug, '/tarjoukset');
  // An error loading the store leaves the page without data.
  if (notFound) return <PageLayout documentTitle="Tarjoukset" />;
  if (loading || !store) {
    return (
      <PageLayout documentTitle="Tarjoukset">
        <StoreSkeleton />
      </PageLayout>
    );
  }
  return (
    <PageLayout documentTitle={`Tarjoukset: ${store.name}`}>
      <StoreHeader store={store} title={`${store.name}`} />
      <StoreInfo store={store} basePath="/tarjoukset">
        <Offers storeId={store.id} />
        <CampaignItems storeId={store.id} />
      </StoreInfo>
    </PageLayout>
  );
}
