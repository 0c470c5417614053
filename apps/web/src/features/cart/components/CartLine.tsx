import styled from 'styled-components';
import { entitySlug, IMAGE_SIZES } from '@hintakori/web-util';
import { Muted } from '@hintakori/web-ui';
import type { Item } from '../../../app/models';
import { PriceAlertForm } from '../../../kit/product/PriceAlertForm';
import { CartControl } from '../../../kit/product/CartControl';
import { CheaperAlternative } from '../../../kit/product/CheaperAlternative';
import { PriceCell } from '../../../kit/product/PriceCell';
import { ProductImage } from '../../../kit/product/ProductImage';
import { useProductModal } from '../../../kit/product/useProductModal';

const Row = styled.li`
  display: grid;
  grid-template-columns: 64px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Info = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
  a { font-weight: 600; color: ${({ theme }) => theme.colors.text}; text-decoration: none; }
  a:hover { text-decoration: underline; }
`;

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Lowest and highest price of the item in the selected stores, e.g. '1,19 € – 1,45 €'. */
function PriceRange({ item }: { item: Item }) {
  const prices = item.storeItems.map((s) => s.price).filter((p): p is number => typeof p === 'number');
  if (prices.length === 0) return <PriceCell cents={null} />;
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return (
    <Muted>
      <PriceCell cents={min} />
      {max !== min ? (
        <>
          {' – '}
          <PriceCell cents={max} />
        </>
      ) : null}
    </Muted>
  );
}

export function CartLine({ item, readOnlyCount }: { item: Item; readOnlyCount?: number }) {
  const { open } = useProductModal();
  return (
    <Row data-testid="cart-line">
      <ProductImage src={item.pictureUrl} alt="" size={IMAGE_SIZES.cartRow} />
      <Info>
        <a
          href={`?tuote=${encodeURIComponent(entitySlug(item))}`}
          onClick={(e) => {
            e.preventDefault();
            open(item);
          }}
        >
          {item.name}
        </a>
        {item.brandName ? <Muted>{item.brandName}</Muted> : null}
        <Bottom>
          <PriceRange item={item} />
          {readOnlyCount !== undefined ? <strong aria-label="Määrä">{readOnlyCount} kpl</strong> : <CartControl item={item} size="sm" />}
        </Bottom>
        {readOnlyCount === undefined ? <PriceAlertForm itemId={item.id} itemName={item.name} size="sm" /> : null}
        {readOnlyCount === undefined ? <CheaperAlternative item={item} /> : null}
      </Info>
    </Row>
  );
}
