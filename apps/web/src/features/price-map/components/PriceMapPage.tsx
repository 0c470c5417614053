import { Suspense } from 'react';
import { SkeletonBlock } from '@hintakori/web-ui';
import { MAP_HEIGHT_PX } from '@hintakori/web-util';
import { lazyNamed } from '../../../app/lazy';
import { PageLayout } from '../../../kit/layout/PageLayout';

const PriceMap = lazyNamed(() => import('./PriceMap'), 'PriceMap');

export function PriceMapPage() {
  return (
    <PageLayout title="Hintakartta">
      <p>
        Kartalla näet kaupat ja, kun lähennät tarpeeksi, ostoskorisi hinnan kussakin kaupassa. Edullisin näkyvä kauppa
        korostetaan vihreällä.
      </p>
      <Suspense fallback={<SkeletonBlock $h={`${MAP_HEIGHT_PX}px`} $radius="12px" />}>
        <PriceMap />
      </Suspense>
    </PageLayout>
  );
}
