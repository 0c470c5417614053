import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { lazyNamed } from './lazy';
import { useAppSelector } from './hooks';
import type { ModalName } from '../kit/layout/ui.slice';

const CartPanel = lazyNamed(() => import('../features/cart/components/CartPanel'), 'CartPanel');
const CompareModal = lazyNamed(() => import('../features/comparison/components/CompareModal'), 'CompareModal');
const ShareModal = lazyNamed(() => import('../features/cart/components/ShareModal'), 'ShareModal');
const BuyModal = lazyNamed(() => import('../features/cart/components/BuyModal'), 'BuyModal');
const CategoryPanel = lazyNamed(() => import('../features/shopping-header/components/CategoryPanel'), 'CategoryPanel');
const ProductModal = lazyNamed(() => import('../features/items/components/ProductModal'), 'ProductModal');

/** Mounts a lazily loaded overlay the first time it opens and keeps it for the closing animation. */
function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  return opened || open;
}

function LazyOverlay({ name, children }: { name: ModalName; children: ReactNode }) {
  const open = useAppSelector((s) => s.ui.modals[name]);
  const mounted = useOpenedOnce(open);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function GlobalOverlays() {
  const [params] = useSearchParams();
  const productOpen = Boolean(params.get('tuote'));
  const productMounted = useOpenedOnce(productOpen);
  return (
    <>
      <LazyOverlay name="cart">
        <CartPanel />
      </LazyOverlay>
      <LazyOverlay name="compare">
        <CompareModal />
      </LazyOverlay>
      <LazyOverlay name="share">
        <ShareModal />
      </LazyOverlay>
      <LazyOverlay name="buy">
        <BuyModal />
      </LazyOverlay>
      <LazyOverlay name="categories">
        <CategoryPanel />
      </LazyOverlay>
      {productMounted ? (
        <Suspense fallback={null}>
          <ProductModal />
        </Suspense>
      ) : null}
    </>
  );
}
