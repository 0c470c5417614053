import styled from 'styled-components';
import { entitySlug, IMAGE_SIZES } from '@hintakori/web-util';
import { Muted } from '@hintakori/web-ui';
import { useStoreNames } from '../../../app/hooks';
import type { Item } from '../../../app/models';
import { useProductModal } from '../../../kit/product/useProductModal';
import { CartControl } from '../../../kit/product/CartControl';
import { CampaignNote } from '../../../kit/product/CampaignNote';
import { DepositNote } from '../../../kit/product/DepositNote';
import { PriceCell } from '../../../kit/product/PriceCell';
import { ProductImage } from '../../../kit/product/ProductImage';

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  min-width: 0;
`;

const Title = styled.a`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 600;
  text-align: center;
  cursor: pointer;
  &:hover span { text-decoration: underline; }
`;

const Prices = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  margin-top: auto;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: ${({ theme }) => theme.space.sm}; }
  /* By class, not :first-child/:last-child: a campaign note or the 'no price' line must wrap inside the card
     (a line wider than a phone's two-column card widens the page and scrolls the sticky search box away). */
  .store { flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: ${({ theme }) => theme.colors.textMuted}; }
  .price { flex: none; white-space: nowrap; }
  li[data-cheapest='true'] { font-weight: 700; }
  li[data-cheapest='true'] .store { color: ${({ theme }) => theme.colors.success}; }
`;

/** Product tile: picture, name and brand (open the product modal), store prices and the cart control. */
export function ProductCard({ item }: { item: Item }) {
  const { open } = useProductModal();
  const names = useStoreNames();
  const priced = item.storeItems.filter((s) => typeof s.price === 'number');
  const cheapest = priced.length > 1 ? Math.min(...priced.map((s) => s.price as number)) : null;
  const href = `?tuote=${encodeURIComponent(entitySlug(item))}`;
  return (
    <Card data-testid="product-card">
      <Title
        href={href}
        onClick={(e) => {
          e.preventDefault();
          open(item);
        }}
      >
        <ProductImage src={item.pictureUrl} alt="" size={IMAGE_SIZES.card} />
        <span>{item.name}</span>
      </Title>
      {item.brandName ? <Muted style={{ textAlign: 'center' }}>{item.brandName}</Muted> : null}
      <Prices aria-label="Hinnat kaupoissa">
        {priced.map((s) => (
          <li key={s.storeId} data-cheapest={cheapest !== null && s.price === cheapest}>
            <span className="store" title={names.get(s.storeId)}>
              {names.get(s.storeId) ?? `Kauppa ${s.storeId}`}
            </span>
            <span className="price">
              <PriceCell cents={s.price} estimated={s.isEstimated} />
            </span>
            <DepositNote storeItem={s} />
            <CampaignNote storeItem={s} />
          </li>
        ))}
        {priced.length === 0 ? (
          <li>
            <Muted>Ei hintaa valituissa kaupoissa</Muted>
          </li>
        ) : null}
      </Prices>
      <CartControl item={item} size="sm" fullWidth />
    </Card>
  );
}
