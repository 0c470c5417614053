import { PageLayout } from '../../layout/components/PageLayout';
import { StoreBrowser } from '../../stores/components/StoreBrowser';

export function OffersListPage() {
  return (
    <PageLayout title="Tarjoukset">
      <p>Valitse kauppa nähdäksesi sen tarjoukset.</p>
      <StoreBrowser basePath="/tarjoukset" />
    </PageLayout>
  );
}
