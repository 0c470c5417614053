import styled, { keyframes } from 'styled-components';

/*
 * The placeholder breathes by its opacity alone, which the compositor animates on its own thread. A shine that moved
 * its background instead had the main thread repaint every placeholder on every frame: on a slow phone that work
 * came between the slices of the app's first render (43 paints in a store list's first second at 4× CPU).
 */
const breathe = keyframes`50% { opacity: 0.55; }`;

export const SkeletonBlock = styled.div<{ $w?: string; $h?: string; $radius?: string }>`
  width: ${({ $w }) => $w ?? '100%'};
  height: ${({ $h }) => $h ?? '1em'};
  border-radius: ${({ $radius, theme }) => $radius ?? theme.radii.sm};
  background: ${({ theme }) => theme.colors.skeleton};
  animation: ${breathe} 1.4s ease-in-out infinite;
`;

const CardGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

const Card = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} 0;
`;

/** Loading placeholder for a product grid (10 cards by default). */
export function SkeletonCards({ count = 10 }: { count?: number }) {
  return (
    <CardGrid aria-busy="true" aria-label="Ladataan tuotteita" role="status">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} data-testid="skeleton-card">
          <SkeletonBlock $h="96px" $w="96px" style={{ alignSelf: 'center' }} />
          <SkeletonBlock $h="1em" />
          <SkeletonBlock $h="0.8em" $w="60%" />
          <SkeletonBlock $h="36px" $radius="8px" />
        </Card>
      ))}
    </CardGrid>
  );
}

/** Loading placeholder for a table or list (5 rows by default). */
export function SkeletonRows({ count = 5 }: { count?: number }) {
  return (
    <div aria-busy="true" aria-label="Ladataan" role="status">
      {Array.from({ length: count }, (_, i) => (
        <Row key={i} data-testid="skeleton-row">
          <SkeletonBlock $w="40px" $h="40px" />
          <SkeletonBlock $h="1em" />
          <SkeletonBlock $h="1em" $w="80px" />
        </Row>
      ))}
    </div>
  );
}

/** Loading placeholder inside a dropdown (4 rows by default). */
export function SkeletonDropdownRows({ count = 4 }: { count?: number }) {
  return (
    <div aria-busy="true" aria-label="Ladataan" role="status">
      {Array.from({ length: count }, (_, i) => (
        <Row key={i} data-testid="skeleton-dropdown-row" style={{ padding: '8px 12px' }}>
          <SkeletonBlock $w="28px" $h="28px" $radius="50%" />
          <SkeletonBlock $h="0.9em" />
        </Row>
      ))}
    </div>
  );
}
