import styled, { css } from 'styled-components';

export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral' | 'accent' | 'primary';

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: 1px ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  line-height: 1.6;
  white-space: nowrap;
  ${({ $tone = 'neutral', theme }) => {
    switch ($tone) {
      case 'success':
        return css`background: ${theme.colors.successSoft}; color: ${theme.colors.success};`;
      case 'warning':
        return css`background: ${theme.colors.warningSoft}; color: ${theme.colors.warning};`;
      case 'danger':
        return css`background: ${theme.colors.dangerSoft}; color: ${theme.colors.danger};`;
      case 'accent':
        return css`background: ${theme.colors.accentSoft}; color: ${theme.colors.warning};`;
      case 'primary':
        return css`background: ${theme.colors.primary}; color: ${theme.colors.onPrimary};`;
      default:
        return css`background: ${theme.colors.surfaceAlt}; color: ${theme.colors.textMuted};`;
    }
  }}
`;

/** Small count bubble, e.g. on the cart button. */
export const CountBubble = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;
