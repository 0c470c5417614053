import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { formatDateTime } from '@hintakori/web-util';
import { Button } from '@hintakori/web-ui';
import { getAppUpdate, subscribeAppUpdate } from '../../../app/service-workers';
import { readPricesAt, subscribeOfflineCart } from '../../../kit/cart/offline-cart';
import { useOnline } from '../useOnline';
import { useRefreshOnReconnect } from '../useRefreshOnReconnect';

/** Fixed to the bottom of the screen so that showing it never moves the page. */
const Dock = styled.div`
  position: fixed;
  left: 50%;
  bottom: ${({ theme }) => theme.space.md};
  transform: translateX(-50%);
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: min(520px, calc(100vw - 24px));
  pointer-events: none;
  > * { pointer-events: auto; }
`;

const Notice = styled.div<{ $tone: 'dark' | 'light' }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  background: ${({ theme, $tone }) => ($tone === 'dark' ? theme.colors.tooltip : theme.colors.surface)};
  color: ${({ theme, $tone }) => ($tone === 'dark' ? theme.colors.onTooltip : theme.colors.text)};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

/** 'Olet offline-tilassa – hinnat päivitetty {aika}' with the time of the last cart price fetch. */
export function offlineText(pricesAt: number | null): string {
  if (pricesAt === null) return 'Olet offline-tilassa';
  return `Olet offline-tilassa – hinnat päivitetty ${formatDateTime(new Date(pricesAt).toISOString())}`;
}

function OfflineBanner() {
  const online = useOnline();
  const pricesAt = useSyncExternalStore(subscribeOfflineCart, readPricesAt, () => null);
  if (online) return null;
  return (
    <Notice $tone="dark" role="status" data-testid="offline-banner">
      {offlineText(pricesAt)}
    </Notice>
  );
}

/** A new version of the app is installed and waiting: it takes over on the next visit, or now with 'Päivitä'. */
function UpdatePrompt() {
  const update = useSyncExternalStore(subscribeAppUpdate, getAppUpdate, getAppUpdate);
  if (!update.needRefresh) return null;
  return (
    <Notice $tone="light" role="status" data-testid="update-prompt">
      <span>Hintakorista on uusi versio.</span>
      <Button size="sm" variant="primary" onClick={update.apply}>
        Päivitä
      </Button>
    </Notice>
  );
}

/** The offline banner and the update prompt (mounted once in the app shell); refreshes prices on reconnect. */
export function AppNotices() {
  useRefreshOnReconnect();
  return (
    <Dock>
      <OfflineBanner />
      <UpdatePrompt />
    </Dock>
  );
}
