import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { cartImportText, importCartLines, parseCartImport } from '../cart-import';

/** Whether the address names lines to import (false on the server, which never sees the hash). */
const hashHasImport = () => typeof window !== 'undefined' && parseCartImport(window.location.hash) !== null;

/**
 * Imports the lines of `#tuo=…` into the shopper's cart when the page opens with them and when the hash changes to
 * them on the page (the extension may send a second cart to an open tab). The hash is taken out of the address
 * before anything is added, so a reload or a step back does not add the lines twice. `onImported` runs after lines
 * were added; `importing` is true from the first render until then, `status` is what to tell the shopper.
 */
export function useCartImport(onImported: (added: number) => void): { importing: boolean; status: string | null } {
  const dispatch = useAppDispatch();
  const { hash } = useLocation();
  const [importing, setImporting] = useState(hashHasImport);
  const [status, setStatus] = useState<string | null>(null);
  const running = useRef(0);
  const mounted = useRef(false);
  const done = useRef(onImported);
  done.current = onImported;

  const take = useRef(() => {
    const lines = parseCartImport(window.location.hash);
    if (lines === null) return;
    // The browser's own history entry, with the router's state kept: only the hash goes.
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    running.current += 1;
    setImporting(true);
    setStatus('Tuodaan verkkokaupan ostoskorin tuotteita…');
    void dispatch(importCartLines(lines))
      .catch((error: unknown) => {
        console.error('Importing the cart failed', error);
        return 0;
      })
      .then((added) => {
        running.current -= 1;
        if (!mounted.current) return;
        setStatus(cartImportText(added));
        if (running.current === 0) setImporting(false);
        if (added > 0) done.current(added);
      });
  }).current;

  useEffect(() => {
    mounted.current = true;
    window.addEventListener('hashchange', take);
    return () => {
      mounted.current = false;
      window.removeEventListener('hashchange', take);
    };
  }, [take]);

  // On arrival, and when the router's hash changes (a link inside the app to this page with lines fires no
  // hashchange); a hash already taken out is not there to take twice.
  useEffect(() => take(), [take, hash]);

  return { importing, status };
}
