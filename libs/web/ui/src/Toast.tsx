import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';

const Box = styled.div`
  position: fixed;
  left: 50%;
  bottom: ${({ theme }) => theme.space.xl};
  transform: translateX(-50%);
  z-index: ${({ theme }) => theme.zIndex.toast};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.tooltip};
  color: ${({ theme }) => theme.colors.onTooltip};
  box-shadow: ${({ theme }) => theme.shadows.md};
  font-weight: 600;
`;

/** A short status message at the bottom of the screen; disappears after `durationMs`. */
export function Toast({ message, onDone, durationMs = 3000 }: { message: string | null; onDone: () => void; durationMs?: number }) {
  useEffect(() => {
    if (!message) return undefined;
    const t = window.setTimeout(onDone, durationMs);
    return () => window.clearTimeout(t);
  }, [message, onDone, durationMs]);
  if (!message) return null;
  return createPortal(
    <Box role="status" aria-live="polite">
      {message}
    </Box>,
    document.body,
  );
}
