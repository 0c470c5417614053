import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { entitySlug } from '@hintakori/web-util';

export const PRODUCT_PARAM = 'tuote';

/** Opens the product modal by setting ?tuote=<urlSlug>; closing removes the parameter. */
export function useProductModal() {
  const [params, setParams] = useSearchParams();
  const open = useCallback(
    (item: { urlSlug: string; id: number }) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(PRODUCT_PARAM, entitySlug(item));
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );
  const close = useCallback(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(PRODUCT_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );
  }, [setParams]);
  return { slug: params.get(PRODUCT_PARAM), open, close };
}
