import styled from 'styled-components';
import { Icon } from '@hintakori/web-ui';
import { SERVER_DRAWER_ID } from '../server-copy';
import { Logo } from './Logo';
import { NavList } from './NavList';

/*
 * The menu of the server's first screen, which works before any script: a native popover (`popover` on the panel,
 * `popovertarget` on the top bar's menu button) that the browser opens and closes itself (light dismiss, Escape).
 * It looks like the app's drawer (SlideOver on the left, 300 px). When the app takes over with the menu open, the
 * app's own drawer opens in its place (app/first-screen.ts), so the tap counts once.
 */
const Panel = styled.div`
  &:popover-open {
    position: fixed;
    inset: 0 auto 0 0;
    width: min(100vw, 300px);
    height: 100%;
    max-height: 100dvh;
    margin: 0;
    padding: 0;
    border: 0;
    display: flex;
    flex-direction: column;
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadows.lg};
    overflow-y: auto;
  }
  &::backdrop {
    background: ${({ theme }) => theme.colors.overlay};
  }
  .head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding: ${({ theme }) => `${theme.space.lg} ${theme.space.lg} ${theme.space.md}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  .close {
    width: 40px;
    height: 40px;
    border: 0;
    border-radius: ${({ theme }) => theme.radii.md};
    background: transparent;
    color: inherit;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    cursor: pointer;
  }
  .body {
    padding: ${({ theme }) => theme.space.lg};
  }
`;

export function FirstScreenDrawer() {
  return (
    <Panel id={SERVER_DRAWER_ID} popover="auto" role="dialog" aria-label="Valikko" data-testid="first-screen-drawer">
      <div className="head">
        <Logo />
        <button type="button" className="close" popoverTarget={SERVER_DRAWER_ID} popoverTargetAction="hide" aria-label="Sulje">
          <Icon name="close" />
        </button>
      </div>
      <div className="body">
        <NavList />
      </div>
    </Panel>
  );
}
