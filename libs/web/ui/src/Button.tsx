import type { ButtonHTMLAttributes, Ref } from 'react';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Square button holding only an icon; give it an aria-label. */
  iconOnly?: boolean;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export interface ButtonStyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $iconOnly?: boolean;
  $fullWidth?: boolean;
}

export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: ${({ $size }) => ($size === 'sm' ? '32px' : '40px')};
  padding: ${({ $size, $iconOnly, theme }) =>
    $iconOnly ? '0' : $size === 'sm' ? `0 ${theme.space.md}` : `0 ${theme.space.lg}`};
  min-width: ${({ $size, $iconOnly }) => ($iconOnly ? ($size === 'sm' ? '32px' : '40px') : 'auto')};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid transparent;
  font-weight: 600;
  font-size: ${({ $size, theme }) => ($size === 'sm' ? theme.fontSizes.sm : theme.fontSizes.md)};
  cursor: pointer;
  text-decoration: none;
  white-space: nowrap;
  transition: background ${({ theme }) => theme.transitions.fast}, border-color ${({ theme }) => theme.transitions.fast};
  &:disabled { opacity: 0.55; cursor: not-allowed; }
  ${({ $variant, theme }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
          &:hover:not(:disabled) { background: ${theme.colors.primaryHover}; color: ${theme.colors.onPrimary}; }
        `;
      case 'danger':
        return css`
          background: ${theme.colors.danger};
          color: ${theme.colors.onPrimary};
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.colors.text};
          &:hover:not(:disabled) { background: ${theme.colors.surfaceAlt}; }
        `;
      default:
        return css`
          background: ${theme.colors.surface};
          color: ${theme.colors.text};
          border-color: ${theme.colors.border};
          &:hover:not(:disabled) { border-color: ${theme.colors.borderStrong}; background: ${theme.colors.surfaceAlt}; }
        `;
    }
  }}
`;

const StyledButton = styled.button<ButtonStyleProps>`
  ${buttonStyles}
`;

export function Button({ variant = 'secondary', size = 'md', iconOnly, fullWidth, type = 'button', ...rest }: ButtonProps) {
  return <StyledButton type={type} $variant={variant} $size={size} $iconOnly={iconOnly} $fullWidth={fullWidth} {...rest} />;
}
