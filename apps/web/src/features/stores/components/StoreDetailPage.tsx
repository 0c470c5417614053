import { useParams } from 'react-router-dom';
import { PageLayout } from '../../layout/components/PageLayout';
import { useResolvedStore } from '../hooks/useResolvedStore';
import { StoreHeader, StoreInfo } from './StoreInfo';
import { StoreSkeleton } from './StoreSkeleton';

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
