import { PageLayout } from '../../../kit/layout/PageLayout';
import { StoreBrowser } from '../../../kit/stores/StoreBrowser';

export function OffersListPage() {
  return (
    <PageLayout title="Tarjoukset">
      <p>Valitse kauppa nähdäksesi sen tarjoukset.</p>
      <StoreBrowser basePath="/tarjoukset" />
    </PageLayout>
  );
}
