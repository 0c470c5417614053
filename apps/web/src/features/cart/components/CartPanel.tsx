import styled from 'styled-components';
import { formatPrice } from '@hintakori/web-util';
import { Button, ErrorBox, Icon, Muted, SlideOver } from '@hintakori/web-ui';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { StoreTotalsList } from '../../../kit/cart/StoreTotalsList';
import { useCartTotals } from '../../../kit/cart/useCartTotals';
import { compareFromCart, modalClosed, modalOpened } from '../../../kit/layout/ui.slice';
import { ShoppingListLink } from './ShoppingListLink';
import { cartCount } from '../../../kit/cart/cart.slice';
import { shareCart } from '../../../kit/cart/web-share';
import { CartLine } from './CartLine';

const Lines = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
`;

const Total = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  margin-bottom: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 800;
`;

/** The deposits of the cheapest store's total, their own line above "Yhteensä" (which includes them). */
const Deposits = styled.div`
  display: flex;
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FooterButtons = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.sm};
`;

export const EMPTY_CART_TEXT = 'Ostoskori on tyhjä, kokeile lisätä ensin tuotteita!';

export function CartPanel() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.ui.modals.cart);
  const items = useAppSelector((s) => s.cart.items);
  const { ranked, loading, storeIds } = useCartTotals();
  const close = () => dispatch(modalClosed('cart'));
  const empty = items.length === 0;
  const cheapest = ranked[0];

  return (
    <SlideOver
      open={open}
      onClose={close}
      side="right"
      title="Ostoskori"
      testId="cart-panel"
      headerActions={
        !empty ? (
          <>
            <ShoppingListLink onNavigate={close} />
            <Button size="sm" onClick={() => void dispatch(shareCart())}>
              <Icon name="share" size={16} />
              Jaa
            </Button>
          </>
        ) : null
      }
      footer={
        !empty ? (
          <>
            {cheapest && cheapest.deposits > 0 ? (
              <Deposits data-testid="cart-deposits">
                <span>Pantit</span>
                <span>{formatPrice(cheapest.deposits)}</span>
              </Deposits>
            ) : null}
            <Total data-testid="cart-total">
              <span>Yhteensä</span>
              <span style={{ textAlign: 'right' }}>
                {cheapest ? formatPrice(cheapest.total) : '--'}
                <Muted style={{ display: 'block', textAlign: 'right', fontWeight: 500 }}>
                  {cartCount(items)} kpl{cheapest ? ', halvimmassa kaupassa' : ''}
                </Muted>
              </span>
            </Total>
            <FooterButtons>
              <Button onClick={() => dispatch(compareFromCart())}>
                <Icon name="compare" size={18} />
                Vertaa
              </Button>
              <Button variant="primary" onClick={() => dispatch(modalOpened('buy'))}>
                Osta
              </Button>
            </FooterButtons>
          </>
        ) : null
      }
    >
      {empty ? (
        <p>{EMPTY_CART_TEXT}</p>
      ) : (
        <>
          <Lines aria-label="Ostoskorin tuotteet">
            {items.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </Lines>
          <h3>Hinta kaupoittain</h3>
          {storeIds.length === 0 ? <ErrorBox>Valitse ensin kaupat</ErrorBox> : <StoreTotalsList ranked={ranked} loading={loading} />}
        </>
      )}
    </SlideOver>
  );
}
