import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Icon, mq, SlideOver } from '@hintakori/web-ui';
import { useAppDispatch, useAppSelector } from './hooks';
import { CenteredSpinner } from '@hintakori/web-ui';
import { useAppStartup } from './useAppStartup';
import { useWideScreen } from '../features/layout/hooks/useWideScreen';
import { useCloseDrawerOnNavigate, useScrollReset } from '../features/layout/hooks/useNavigationEffects';
import { SERVER_DRAWER_ID, useServerCopy } from '../features/layout/server-copy';
import { drawerToggled } from '../kit/layout/ui.slice';
import { FirstScreenDrawer } from '../features/layout/components/FirstScreenDrawer';
import { GlobalOverlays } from './GlobalOverlays';
import { lazyNamed } from './lazy';
import { Logo } from '../features/layout/components/Logo';
import { NavList } from '../features/layout/components/NavList';

/**
 * The offline banner, the 'Päivitä' prompt and the refresh on reconnect: none of them is on a first paint, so their
 * chunk (with the date formatting) loads after it, out of the first screen's scripts.
 */
const AppNotices = lazyNamed(() => import('../features/offline/components/AppNotices'), 'AppNotices');

const Sidebar = styled.aside`
  position: fixed;
  inset: 0 auto 0 0;
  width: ${({ theme }) => theme.layout.sidebarWidth}px;
  z-index: ${({ theme }) => theme.zIndex.sidebar};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.lg}`};
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  overflow-y: auto;
  ${mq.below('md')} {
    display: none;
  }
`;

const TopBar = styled.header`
  display: none;
  ${mq.below('md')} {
    position: sticky;
    top: 0;
    z-index: ${({ theme }) => theme.zIndex.topBar};
    display: flex;
    align-items: center;
    justify-content: space-between;
    height: ${({ theme }) => theme.layout.topBarHeight}px;
    padding: 0 ${({ theme }) => theme.space.md};
    background: ${({ theme }) => theme.colors.surface};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Main = styled.main`
  margin-left: ${({ theme }) => theme.layout.sidebarWidth}px;
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  /*
   * While a page's code loads, the footer would sit at the bottom of the screen and then be pushed down by
   * the page (a layout shift of about 0.09 on a phone). It stays unpainted until the page is there; an
   * element that is not painted does not count as shifting.
   */
  &:has([data-page-loading]) > footer {
    visibility: hidden;
  }
  ${mq.below('md')} {
    margin-left: 0;
    min-height: calc(100vh - ${({ theme }) => theme.layout.topBarHeight}px);
  }
`;

const Inner = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxContentWidth}px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.xl} ${theme.space.xxxl}`};
  flex: 1 0 auto;
  ${mq.below('sm')} {
    padding: ${({ theme }) => `${theme.space.lg} ${theme.space.md} ${theme.space.xxl}`};
  }
`;

const Footer = styled.footer`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  justify-content: center;
  padding: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SkipLink = styled.a`
  position: absolute;
  left: -9999px;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.toast};
  padding: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.colors.surface};
  &:focus {
    left: ${({ theme }) => theme.space.sm};
  }
`;

/** The fallback while a page's code loads; the shell keeps its footer hidden while it is shown. */
export function PageLoading() {
  return (
    <div data-page-loading="">
      <CenteredSpinner />
    </div>
  );
}

export function AppShell() {
  const dispatch = useAppDispatch();
  const drawerOpen = useAppSelector((s) => s.ui.drawerOpen);
  // The server's first screen: the menu button opens a popover there, before any script (FirstScreenDrawer).
  const serverCopy = useServerCopy();
  useScrollReset();
  useCloseDrawerOnNavigate();
  useAppStartup();
  // The sidebar shows only on wide screens (CSS hides it below md). On a phone the app does not render it at all:
  // a third of the shell's first render is saved there, at the moment the app takes over from the server's copy.
  const wide = useWideScreen();
  const closeDrawer = () => dispatch(drawerToggled(false));

  return (
    <>
      <SkipLink href="#main">Siirry sisältöön</SkipLink>
      {wide ? (
        <Sidebar aria-label="Sivupalkki">
          <Logo />
          <NavList />
        </Sidebar>
      ) : null}
      <TopBar>
        <Logo />
        <Button
          variant="ghost"
          iconOnly
          aria-label="Avaa valikko"
          aria-expanded={serverCopy ? undefined : drawerOpen}
          aria-controls={serverCopy ? SERVER_DRAWER_ID : 'mobile-drawer'}
          popoverTarget={serverCopy ? SERVER_DRAWER_ID : undefined}
          onClick={() => dispatch(drawerToggled(true))}
        >
          <Icon name="menu" size={24} />
        </Button>
      </TopBar>
      {serverCopy ? <FirstScreenDrawer /> : null}
      <SlideOver
        open={drawerOpen}
        onClose={closeDrawer}
        side="left"
        width={300}
        title={<Logo onClick={closeDrawer} />}
        ariaLabel="Valikko"
        testId="mobile-drawer"
      >
        <div id="mobile-drawer">
          <NavList onNavigate={closeDrawer} />
        </div>
      </SlideOver>
      <Main id="main" tabIndex={-1}>
        <Inner>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Inner>
        <Footer>
          <span>© Hintakori</span>
          <Link to="/tietosuojalauseke">Tietosuojalauseke</Link>
          <Link to="/kayttoehdot">Käyttöehdot</Link>
          <Link to="/ota-yhteytta">Ota yhteyttä</Link>
          <Link to="/tietoa/lahteet">Tietolähteet</Link>
        </Footer>
      </Main>
      <GlobalOverlays />
      <Suspense fallback={null}>
        <AppNotices />
      </Suspense>
    </>
  );
}
