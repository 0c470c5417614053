import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';

const Anchor = styled.span`
  position: relative;
  display: inline-flex;
  align-items: center;
  cursor: help;
`;

const Bubble = styled.span`
  position: absolute;
  bottom: calc(100% + 6px);
  left: 50%;
  transform: translateX(-50%);
  z-index: ${({ theme }) => theme.zIndex.tooltip};
  width: max-content;
  max-width: 240px;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.tooltip};
  color: ${({ theme }) => theme.colors.onTooltip};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 400;
  line-height: 1.4;
  white-space: normal;
  pointer-events: none;
`;

export interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  /** Accessible label of the focusable trigger, when the children are not text. */
  label?: string;
}

/** Shows a hint on hover and keyboard focus; the trigger is focusable. */
export function Tooltip({ content, children, label }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Anchor
      tabIndex={0}
      aria-describedby={open ? id : undefined}
      aria-label={label}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      {children}
      {open ? (
        <Bubble role="tooltip" id={id}>
          {content}
        </Bubble>
      ) : null}
    </Anchor>
  );
}
