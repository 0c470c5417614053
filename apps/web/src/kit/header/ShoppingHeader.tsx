import { useState } from 'react';
import styled from 'styled-components';
import { Button, CountBubble, Icon, mq } from '@hintakori/web-ui';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { cartCount } from '../cart/cart.slice';
import { modalOpened } from '../layout/ui.slice';
import { StoreSelector } from '../stores/StoreSelector';
import { SearchBox } from './SearchBox';

/**
 * A card on wide screens. On phones the card dissolves (display: contents) so that the search row can stick
 * under the top bar for the whole page, and the chosen stores shrink to one line that opens on tap.
 */
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
  ${mq.below('sm')} { display: contents; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  ${mq.below('sm')} {
    position: sticky;
    top: ${({ theme }) => theme.layout.topBarHeight}px;
    z-index: ${({ theme }) => theme.zIndex.topBar - 1};
    flex-wrap: nowrap;
    margin: ${({ theme }) => `-${theme.space.lg} -${theme.space.md} 0`};
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    background: ${({ theme }) => theme.colors.surface};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    > [role='search'] { order: -1; flex: 1 1 auto; }
    > button { flex: none; position: relative; }
    /* Icon buttons: the words stay for screen readers. */
    .label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  }
`;

const Badge = styled(CountBubble)`
  ${mq.below('sm')} {
    position: absolute;
    top: -6px;
    right: -6px;
  }
`;

const Stores = styled.div<{ $open: boolean }>`
  ${mq.atLeast('sm')} {
    order: -1;
    .store-toggle { display: none; }
  }
  ${mq.below('sm')} {
    margin: ${({ theme }) => `${theme.space.sm} 0 ${theme.space.lg}`};
    .store-details { display: ${({ $open }) => ($open ? 'block' : 'none')}; margin-top: ${({ theme }) => theme.space.sm}; }
  }
`;

const StoreToggle = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  min-height: 40px;
  padding: ${({ theme }) => `0 ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: left;
  cursor: pointer;
  .names { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  svg { flex: none; }
`;

/** 'Kaupat: Prisma Kamppi, K-Citymarket Ruoholahti +2' for the collapsed line. */
export function storesSummary(names: readonly string[]): string {
  if (names.length === 0) return 'Valitse kaupat';
  const shown = names.slice(0, 2).join(', ');
  return `Kaupat: ${shown}${names.length > 2 ? ` +${names.length - 2}` : ''}`;
}

/** Store selector, categories, product search, compare and cart (home, search and category pages). */
export function ShoppingHeader() {
  const dispatch = useAppDispatch();
  const count = useAppSelector((s) => cartCount(s.cart.items));
  const selected = useAppSelector((s) => s.stores.selected);
  // Phones: the stores line starts closed once stores are chosen (open while there are none to choose from).
  const [storesOpen, setStoresOpen] = useState(selected.length === 0);
  return (
    <Bar aria-label="Ostosten työkalut">
      <Actions>
        <Button onClick={() => dispatch(modalOpened('categories'))}>
          <Icon name="list" size={18} />
          <span className="label">Kategoriat</span>
        </Button>
        <SearchBox />
        <Button onClick={() => dispatch(modalOpened('compare'))}>
          <Icon name="compare" size={18} />
          <span className="label">Vertaa</span>
        </Button>
        <Button
          variant="primary"
          onClick={() => dispatch(modalOpened('cart'))}
          aria-label={`Ostoskori, ${count} tuotetta`}
          data-testid="cart-button"
        >
          <Icon name="cart" size={18} />
          <span className="label">Ostoskori</span>
          <Badge aria-hidden="true" data-testid="cart-count">
            {count}
          </Badge>
        </Button>
      </Actions>
      <Stores $open={storesOpen}>
        <StoreToggle
          type="button"
          className="store-toggle"
          aria-expanded={storesOpen}
          aria-controls="store-details"
          onClick={() => setStoresOpen((open) => !open)}
        >
          <Icon name="store" size={18} />
          <span className="names">{storesSummary(selected.map((s) => s.name))}</span>
          <Icon name="chevronDown" size={18} />
        </StoreToggle>
        <div className="store-details" id="store-details">
          <StoreSelector />
        </div>
      </Stores>
    </Bar>
  );
}
