import { NO_CART_ID } from '@hintakori/web-util';
import type { AppThunk } from '../../app/store';
import { modalOpened } from '../layout/ui.slice';
import { shareUrl } from './share';

export type WebShareOutcome = 'shared' | 'cancelled' | 'unavailable';

type ShareNavigator = Pick<Navigator, 'share'> & { canShare?: Navigator['canShare'] };

/** True on touch devices (phones, tablets), where the system share sheet is the natural way to share. */
function isPhoneLike(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * Opens the system share sheet (Web Share API). 'unavailable' when the browser has none or refuses the
 * data; 'cancelled' when the shopper closed the sheet (nothing else should open then).
 */
export async function webShare(data: ShareData, nav: Partial<ShareNavigator> = navigator): Promise<WebShareOutcome> {
  if (typeof nav.share !== 'function') return 'unavailable';
  if (typeof nav.canShare === 'function' && !nav.canShare(data)) return 'unavailable';
  try {
    await nav.share(data);
    return 'shared';
  } catch (error) {
    return error instanceof Error && error.name === 'AbortError' ? 'cancelled' : 'unavailable';
  }
}

/** 'Jaa': the share sheet on a phone that has one, otherwise (or before the cart is saved) the share modal. */
export const shareCart =
  (nav: Partial<ShareNavigator> = navigator, phoneLike: () => boolean = isPhoneLike): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const cartId = getState().cart.id;
    if (cartId === NO_CART_ID || !phoneLike()) {
      dispatch(modalOpened('share'));
      return;
    }
    const outcome = await webShare({ title: 'Hintakori – ostoskori', text: 'Katso ostoskorini Hintakorissa', url: shareUrl(cartId) }, nav);
    if (outcome === 'unavailable') dispatch(modalOpened('share'));
  };
