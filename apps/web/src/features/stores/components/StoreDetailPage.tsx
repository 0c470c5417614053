import { useParams } from 'react-router-dom';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { useResolvedStore } from '../../../kit/stores/useResolvedStore';
import { StoreHeader, StoreInfo } from '../../../kit/stores/StoreInfo';
import { StoreSkeleton } from '../../../kit/stores/StoreSkeleton';

export function StoreDetailPage() {
  const { storeSlug } = useParams();
  const { store, loading, notFound } = useResolvedStore(storeSlug, '/kaupat');
  if (notFound) return <PageLayout title="Kauppaa ei löytynyt" />;
  if (loading || !store) {
    return (
      <PageLayout documentTitle="Kaupat">
        <StoreSkeleton />
      </PageLayout>
    );
  }
  return (
    <PageLayout documentTitle={store.name}>
      <StoreHeader store={store} />
      <StoreInfo store={store} basePath="/kaupat" />
    </PageLayout>
  );
}
