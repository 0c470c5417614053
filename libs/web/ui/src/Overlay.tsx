import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { css, keyframes } from 'styled-components';
import { Button } from './Button';
import { Icon } from './Icon';
import { theme as tokens } from './theme';

type Placement = 'center' | 'left' | 'right';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const fadeOut = keyframes`from { opacity: 1; } to { opacity: 0; }`;
const slideInLeft = keyframes`from { transform: translateX(-100%); } to { transform: none; }`;
const slideOutLeft = keyframes`from { transform: none; } to { transform: translateX(-100%); }`;
const slideInRight = keyframes`from { transform: translateX(100%); } to { transform: none; }`;
const slideOutRight = keyframes`from { transform: none; } to { transform: translateX(100%); }`;
const popIn = keyframes`from { opacity: 0; transform: translateY(12px); } to { opacity: 1; transform: none; }`;

const Backdrop = styled.div<{ $closing: boolean; $placement: Placement }>`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  background: ${({ theme }) => theme.colors.overlay};
  display: flex;
  justify-content: ${({ $placement }) => ($placement === 'left' ? 'flex-start' : $placement === 'right' ? 'flex-end' : 'center')};
  align-items: ${({ $placement }) => ($placement === 'center' ? 'flex-start' : 'stretch')};
  padding: ${({ $placement, theme }) => ($placement === 'center' ? `${theme.space.xxl} ${theme.space.md}` : '0')};
  overflow-y: auto;
  animation: ${({ $closing }) => ($closing ? fadeOut : fadeIn)} ${({ theme }) => theme.transitions.drawerMs}ms ease forwards;
`;

const Panel = styled.div<{ $closing: boolean; $placement: Placement; $width?: number }>`
  position: relative;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  display: flex;
  flex-direction: column;
  outline: none;
  ${({ $placement, $closing, $width, theme }) =>
    $placement === 'center'
      ? css`
          width: min(100%, ${$width ?? 720}px);
          border-radius: ${theme.radii.lg};
          margin: auto 0;
          animation: ${popIn} ${theme.transitions.drawerMs}ms ease;
        `
      : css`
          width: min(100vw, ${$width ?? theme.layout.slideOverWidth}px);
          height: 100%;
          max-height: 100dvh;
          animation: ${$placement === 'left' ? ($closing ? slideOutLeft : slideInLeft) : $closing ? slideOutRight : slideInRight}
            ${theme.transitions.drawerMs}ms ease forwards;
        `}
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.lg} ${theme.space.md}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

const HeaderActions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Body = styled.div`
  padding: ${({ theme }) => theme.space.lg};
  overflow-y: auto;
  flex: 1 1 auto;
`;

const Footer = styled.div`
  padding: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open overlays, newest last: only the topmost one reacts to Escape and traps Tab. */
const overlayStack: symbol[] = [];

/** Keeps the element mounted for the exit animation. */
export function useDelayedUnmount(open: boolean, delayMs: number = tokens.transitions.drawerMs) {
  const [mounted, setMounted] = useState(open);
  useEffect(() => {
    if (open) {
      setMounted(true);
      return undefined;
    }
    const t = window.setTimeout(() => setMounted(false), delayMs);
    return () => window.clearTimeout(t);
  }, [open, delayMs]);
  return { mounted: open || mounted, closing: !open && mounted };
}

export interface OverlayProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Accessible name when the title is not plain text. */
  ariaLabel?: string;
  children?: ReactNode;
  footer?: ReactNode;
  /** Extra buttons beside the close button. */
  headerActions?: ReactNode;
  width?: number;
  placement?: Placement;
  testId?: string;
}

function OverlayBase({ open, onClose, title, ariaLabel, children, footer, headerActions, width, placement = 'center', testId }: OverlayProps) {
  const { mounted, closing } = useDelayedUnmount(open);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return undefined;
    const token = Symbol('overlay');
    overlayStack.push(token);
    const isTop = () => overlayStack[overlayStack.length - 1] === token;
    const previous = document.activeElement as HTMLElement | null;
    // Focus the dialog itself: screen readers announce its name and Tab moves to the first control.
    panelRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (!isTop()) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab' || !panelRef.current) return;
      const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (document.activeElement === panelRef.current) {
        e.preventDefault();
        (e.shiftKey ? lastItem : firstItem).focus();
      } else if (e.shiftKey && document.activeElement === firstItem) {
        e.preventDefault();
        lastItem.focus();
      } else if (!e.shiftKey && document.activeElement === lastItem) {
        e.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      overlayStack.splice(overlayStack.indexOf(token), 1);
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overlayStack.length > 0 ? 'hidden' : previousOverflow;
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open]);

  if (!mounted) return null;
  return createPortal(
    <Backdrop
      $closing={closing}
      $placement={placement}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={ariaLabel ? undefined : titleId}
        aria-label={ariaLabel}
        tabIndex={-1}
        $closing={closing}
        $placement={placement}
        $width={width}
        data-testid={testId}
      >
        <Header>
          <h2 id={titleId}>{title}</h2>
          <HeaderActions>
            {headerActions}
            <Button variant="ghost" iconOnly aria-label="Sulje" onClick={onClose}>
              <Icon name="close" />
            </Button>
          </HeaderActions>
        </Header>
        <Body>{children}</Body>
        {footer ? <Footer>{footer}</Footer> : null}
      </Panel>
    </Backdrop>,
    document.body,
  );
}

/** Centred dialog. */
export function Modal(props: Omit<OverlayProps, 'placement'>) {
  return <OverlayBase {...props} placement="center" />;
}

/** Panel sliding in from the left or right edge. */
export function SlideOver({ side = 'right', ...props }: Omit<OverlayProps, 'placement'> & { side?: 'left' | 'right' }) {
  return <OverlayBase {...props} placement={side} />;
}
