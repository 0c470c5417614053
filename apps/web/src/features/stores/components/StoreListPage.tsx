import { PageLayout } from '../../layout/components/PageLayout';
import { StoreBrowser } from './StoreBrowser';

export function StoreListPage() {
  return (
    <PageLayout title="Kaupat">
      <p>Katso kauppojen aukioloajat, osoitteet ja lähellä olevat kaupat.</p>
      <StoreBrowser basePath="/kaupat" />
    </PageLayout>
  );
}
