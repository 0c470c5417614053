import { idFromSlug } from '@hintakori/web-util';
import { CenteredSpinner, Modal } from '@hintakori/web-ui';
import { useSelectedStoreIds } from '../../../app/hooks';
import { useProductModal } from '../../../kit/product/useProductModal';
import { useGetItemQuery } from '../../../kit/api/items.api';
import { ProductDetails } from './ProductDetails';

/** Product details over the current page, opened with ?tuote=<urlSlug>. */
export function ProductModal() {
  const { slug, close } = useProductModal();
  const id = idFromSlug(slug);
  const storeIds = useSelectedStoreIds();
  const { data, isFetching, isError } = useGetItemQuery({ id: id ?? 0, storeIds }, { skip: id === null });
  const open = Boolean(slug);
  const title = data && !isError ? data.name : isFetching ? 'Ladataan…' : 'Tuotetta ei löytynyt';
  return (
    <Modal open={open} onClose={close} title={title} width={860} testId="product-modal">
      {id === null || (isError && !isFetching) ? (
        <p>Tuotetta ei löytynyt</p>
      ) : isFetching || !data ? (
        <CenteredSpinner />
      ) : (
        <ProductDetails item={data} showName={false} showBreadcrumb={false} showPageLink />
      )}
    </Modal>
  );
}
