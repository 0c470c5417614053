import { useSearchParams } from 'react-router-dom';
import { ErrorBox, Muted } from '@hintakori/web-ui';
import { useSelectedStoreIds } from '../../../app/hooks';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { ShoppingHeader } from '../../../kit/header/ShoppingHeader';
import { useSearchItemsQuery } from '../../../kit/api/items.api';
import { ProductGrid } from './ProductGrid';

export function productCountText(n: number): string {
  return n === 1 ? '1 tuote' : `${n} tuotetta`;
}

export function SearchPage() {
  const [params] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const storeIds = useSelectedStoreIds();
  const noStores = storeIds.length === 0;
  const { data, isFetching } = useSearchItemsQuery({ search, storeIds }, { skip: noStores || !search });
  // A failed search leaves the list as it was.
  const items = data ?? [];
  const loading = isFetching && !noStores;
  const heading = loading || items.length > 0 ? `Tulokset haulle "${search}"` : `Ei tuloksia haulla "${search}"`;

  return (
    <PageLayout documentTitle={search ? `Haku: ${search}` : 'Haku'} before={<ShoppingHeader />}>
      {noStores ? (
        <ErrorBox role="alert">Valitse ensin kaupat</ErrorBox>
      ) : !search ? (
        <Muted>Kirjoita hakusana hakukenttään.</Muted>
      ) : (
        <>
          <header style={{ marginBottom: 16 }}>
            <h1 style={{ marginBottom: 4 }}>{heading}</h1>
            {!loading ? <Muted data-testid="result-count">{productCountText(items.length)}</Muted> : null}
          </header>
          <ProductGrid items={items} loading={loading} />
        </>
      )}
    </PageLayout>
  );
}
