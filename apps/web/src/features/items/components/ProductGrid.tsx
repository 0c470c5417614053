import styled from 'styled-components';
import { SkeletonCards } from '@hintakori/web-ui';
import type { Item } from '../../../app/models';
import { ProductCard } from './ProductCard';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(190px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  @media (max-width: 420px) { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: ${({ theme }) => theme.space.sm}; }
`;

export function ProductGrid({ items, loading }: { items: readonly Item[] | undefined; loading: boolean }) {
  if (loading) return <SkeletonCards />;
  return (
    <Grid aria-label="Tuotteet">
      {(items ?? []).map((item) => (
        <ProductCard key={item.id} item={item} />
      ))}
    </Grid>
  );
}
