import styled from 'styled-components';
import { Button, CountBubble, Icon, mq } from '@hintakori/web-ui';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { cartCount } from '../../cart/cart.slice';
import { modalOpened } from '../../layout/ui.slice';
import { StoreSelector } from '../../stores/components/StoreSelector';
import { SearchBox } from './SearchBox';

const Bar = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  ${mq.below('sm')} { padding: ${({ theme }) => theme.space.md}; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  ${mq.below('sm')} {
    > div[role='search'] { order: -1; flex-basis: 100%; }
    > button {
      flex: 1 1 auto;
      padding: 0 ${({ theme }) => theme.space.sm};
      font-size: ${({ theme }) => theme.fontSizes.sm};
      gap: ${({ theme }) => theme.space.xs};
    }
  }
  @media (max-width: 420px) {
    > button > svg { display: none; }
  }
`;

/** Store selector, categories, product search, compare and cart (home, search and category pages). */
export function ShoppingHeader() {
  const dispatch = useAppDispatch();
  const count = useAppSelector((s) => cartCount(s.cart.items));
  return (
    <Bar aria-label="Ostosten työkalut">
      <StoreSelector />
      <Actions>
        <Button onClick={() => dispatch(modalOpened('categories'))}>
          <Icon name="list" size={18} />
          Kategoriat
        </Button>
        <SearchBox />
        <Button onClick={() => dispatch(modalOpened('compare'))}>
          <Icon name="compare" size={18} />
          Vertaa
        </Button>
        <Button
          variant="primary"
          onClick={() => dispatch(modalOpened('cart'))}
          aria-label={`Ostoskori, ${count} tuotetta`}
          data-testid="cart-button"
        >
          <Icon name="cart" size={18} />
          Ostoskori
          <CountBubble aria-hidden="true" data-testid="cart-count">
            {count}
          </CountBubble>
        </Button>
      </Actions>
    </Bar>
  );
}
