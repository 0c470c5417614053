import styled from 'styled-components';
import type { TillApplied } from '@hintakori/shared-contracts';
import { Badge } from '@hintakori/web-ui';
import { tillBadges } from './till-badges';

const List = styled.span<{ $align: 'start' | 'end' }>`
  display: flex;
  flex-wrap: wrap;
  justify-content: ${({ $align }) => ($align === 'end' ? 'flex-end' : 'flex-start')};
  gap: ${({ theme }) => theme.space.xxs};
  margin-top: ${({ theme }) => theme.space.xxs};
  white-space: normal;
`;

const Hint = styled.small`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 400;
`;

/** What the till applied to a line ("Plussa 2,99 €", "2 kpl 5,00 €") and the offers it did not reach, muted. */
export function TillBadges({ applied, align = 'end' }: { applied: readonly TillApplied[] | undefined; align?: 'start' | 'end' }) {
  const badges = tillBadges(applied);
  if (badges.length === 0) return null;
  return (
    <List data-testid="till-badges" $align={align}>
      {badges.map((b, i) =>
        b.tone === 'applied' ? (
          <Badge key={`${b.kind}-${i}`} $tone="accent" data-testid="till-badge" data-kind={b.kind}>
            {b.text}
          </Badge>
        ) : (
          <Hint key={`${b.kind}-${i}`} data-testid="till-badge" data-kind={b.kind}>
            {b.text}
          </Hint>
        ),
      )}
    </List>
  );
}
