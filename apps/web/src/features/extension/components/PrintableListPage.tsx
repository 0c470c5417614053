import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatPrice } from '@hintakori/web-util';
import { Button, CenteredSpinner, ErrorBox } from '@hintakori/web-ui';
import { useGetCartQuery } from '../../../kit/api/cart.api';
import { useDocumentTitle } from '../../../kit/layout/useDocumentTitle';
import { useGetStoreQuery } from '../../../kit/api/stores.api';

const Sheet = styled.main`
  max-width: 760px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl};
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: ${({ theme }) => theme.space.sm}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  td.num, th.num { text-align: right; white-space: nowrap; }
  tfoot td { font-weight: 700; border-bottom: 0; }
  @media print { .no-print { display: none; } padding: 0; }
`;

const Box = styled.span`
  display: inline-block;
  width: 14px;
  height: 14px;
  border: 1.5px solid currentColor;
  border-radius: 2px;
`;

/** /ostoslista/:cartId?kauppa=:storeId — the cart as a printable shopping list with one store's prices (Lidl has no web shop). */
export function PrintableListPage() {
  const { cartId = '' } = useParams();
  const [params] = useSearchParams();
  const storeId = Number(params.get('kauppa'));
  const validStore = Number.isSafeInteger(storeId) && storeId > 0;
  const cart = useGetCartQuery({ cartId, storeIds: validStore ? [storeId] : [] }, { skip: !cartId });
  const store = useGetStoreQuery(storeId, { skip: !validStore });
  useDocumentTitle(store.data ? `Ostoslista – ${store.data.name}` : 'Ostoslista');
  useEffect(() => {
    if (cart.error) console.error('Loading the shopping list failed', cart.error);
  }, [cart.error]);

  if (cart.isLoading) return <CenteredSpinner />;
  if (cart.error || !cart.data) {
    return (
      <Sheet>
        <ErrorBox>Ostoslistaa ei löytynyt</ErrorBox>
      </Sheet>
    );
  }
  let total = 0;
  const rows = cart.data.items.map(({ item, quantity }) => {
    const price = validStore ? (item.storeItems.find((s) => s.storeId === storeId)?.price ?? null) : null;
    if (price !== null) total += price * quantity;
    return { item, quantity, price };
  });
  return (
    <Sheet>
      <h1>Ostoslista{store.data ? `: ${store.data.name}` : ''}</h1>
      <p className="no-print">
        <Button type="button" variant="primary" onClick={() => window.print()}>
          Tulosta
        </Button>
      </p>
      <table data-testid="printable-list">
        <thead>
          <tr>
            <th aria-label="Otettu" />
            <th>Tuote</th>
            <th className="num">Määrä</th>
            <th className="num">Hinta</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ item, quantity, price }) => (
            <tr key={item.id}>
              <td>
                <Box aria-hidden />
              </td>
              <td>{item.name}</td>
              <td className="num">{quantity} kpl</td>
              <td className="num">{formatPrice(price)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td />
            <td>Yhteensä</td>
            <td />
            <td className="num">{formatPrice(total)}</td>
          </tr>
        </tfoot>
      </table>
    </Sheet>
  );
}
