import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { drawerToggled } from '../../../kit/layout/ui.slice';

/** Runs `effect` when the path changes, not when the component mounts (nor again for the same path). */
function useOnPathChange(effect: () => void) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const run = useRef(effect);
  run.current = effect;
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    run.current();
  }, [pathname]);
}

/**
 * Scroll resets to the top on every navigation (but not when only the product modal opens or closes). Not at the
 * mount: the app takes over the server's first screen where the shopper may have scrolled already.
 */
export function useScrollReset() {
  useOnPathChange(() => window.scrollTo(0, 0));
}

/**
 * The menu closes when the shopper goes to another page. Not at the mount: a menu opened on the server's first
 * screen is opened in the app as it takes over (app/first-screen.ts), in the same commit as the shell's mount.
 */
export function useCloseDrawerOnNavigate() {
  const dispatch = useAppDispatch();
  useOnPathChange(() => dispatch(drawerToggled(false)));
}
