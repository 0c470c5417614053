import { PageLayout } from '../../../kit/layout/PageLayout';
import { StoreBrowser } from '../../../kit/stores/StoreBrowser';

export function StoreListPage() {
  return (
    <PageLayout title="Kaupat">
      <p>Katso kauppojen aukioloajat, osoitteet ja lähellä olevat kaupat.</p>
      <StoreBrowser basePath="/kaupat" />
    </PageLayout>
  );
}
