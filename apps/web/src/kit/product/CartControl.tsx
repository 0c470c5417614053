import styled from 'styled-components';
import { Button, Icon } from '@hintakori/web-ui';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Item } from '../../app/models';
import { addToCart, decrementInCart, incrementInCart } from '../cart/cart.thunks';

const Counter = styled.div`
  display: inline-flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 128px;
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 2px;
  output { min-width: 2ch; text-align: center; font-weight: 700; }
`;

/** 'Lisää ostoskoriin', or a minus / count / plus control once the product is in the cart. */
export function CartControl({ item, size = 'md', fullWidth }: { item: Item; size?: 'sm' | 'md'; fullWidth?: boolean }) {
  const dispatch = useAppDispatch();
  const count = useAppSelector((s) => s.cart.items.find((i) => i.id === item.id)?.count ?? 0);
  if (count === 0) {
    return (
      <Button
        variant="primary"
        size={size}
        fullWidth={fullWidth}
        onClick={() => void dispatch(addToCart(item))}
        aria-label={`Lisää ostoskoriin: ${item.name}`}
      >
        <Icon name="cart" size={16} />
        Lisää ostoskoriin
      </Button>
    );
  }
  return (
    <Counter role="group" aria-label={`${item.name} ostoskorissa`} style={fullWidth ? { width: '100%' } : undefined}>
      <Button
        variant="ghost"
        size="sm"
        iconOnly
        aria-label={count === 1 ? `Poista ostoskorista: ${item.name}` : `Vähennä: ${item.name}`}
        onClick={() => void dispatch(decrementInCart(item.id))}
      >
        <Icon name="minus" size={16} />
      </Button>
      <output aria-live="polite" aria-label="Määrä">
        {count}
      </output>
      <Button variant="ghost" size="sm" iconOnly aria-label={`Lisää yksi: ${item.name}`} onClick={() => void dispatch(incrementInCart(item.id))}>
        <Icon name="plus" size={16} />
      </Button>
    </Counter>
  );
}
