import { useParams } from 'react-router-dom';
import { idFromSlug } from '@hintakori/web-util';
import { CenteredSpinner } from '@hintakori/web-ui';
import { useSelectedStoreIds } from '../../../app/hooks';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { useGetItemQuery } from '../../../kit/api/items.api';
import { ProductDetails } from './ProductDetails';

export function ProductPage() {
  const { itemSlug } = useParams();
  const id = idFromSlug(itemSlug);
  const storeIds = useSelectedStoreIds();
  const { data, isLoading, isFetching, isError } = useGetItemQuery({ id: id ?? 0, storeIds }, { skip: id === null });
  if (id === null || (isError && !isFetching)) {
    return <PageLayout title="Tuotetta ei löytynyt" />;
  }
  if (isLoading || !data) {
    return (
      <PageLayout documentTitle="Tuote" pending>
        <CenteredSpinner />
      </PageLayout>
    );
  }
  return (
    <PageLayout documentTitle={data.name}>
      <ProductDetails item={data} priorityImage />
    </PageLayout>
  );
}
