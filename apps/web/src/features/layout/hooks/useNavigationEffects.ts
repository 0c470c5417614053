import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { drawerToggled } from '../ui.slice';

/** Scroll resets to the top on every navigation (but not when only the product modal opens or closes). */
export function useScrollReset() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

export function useCloseDrawerOnNavigate() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(drawerToggled(false));
  }, [pathname, dispatch]);
}
