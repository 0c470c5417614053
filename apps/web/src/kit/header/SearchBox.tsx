import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Icon, Input, mq, theme } from '@hintakori/web-ui';
import { SEARCH_DEBOUNCE_MS } from '@hintakori/web-util';

const Wrap = styled.form`
  position: relative;
  flex: 1 1 240px;
  min-width: 0;
  > svg { position: absolute; left: 12px; top: 50%; transform: translateY(-50%); color: ${({ theme }) => theme.colors.textMuted}; pointer-events: none; }
  input { padding-left: 40px; }
  ${mq.below('md')} {
    input { padding-right: 40px; }
  }
`;

/** The scanner (camera, decoder) is its own chunk, fetched when the shopper first taps "Skannaa viivakoodi". */
const ScannerDialog = lazy(() => import('./ScannerDialog'));

/** On phones only: a shopper in the shop scans; a desktop has no back camera to point at a shelf. */
const ScanButton = styled(Button)`
  position: absolute;
  right: 4px;
  top: 50%;
  transform: translateY(-50%);
  ${mq.atLeast('md')} {
    display: none;
  }
`;

/**
 * The box is part of each page's header, so the search's own navigation (home → /haku) mounts a new one: the text,
 * focus and caret of the box that had the focus go over to it, and the shopper's typing goes on there.
 */
let handOver: { text: string; start: number | null; end: number | null; at: number } | null = null;
const HAND_OVER_MS = 5000;

/**
 * Product search: navigates to /haku?search=… 500 ms after the user stops typing, or at once on Enter. A plain form
 * too: in the server's first screen, before the app has taken over, Enter loads /haku?search=… from the server.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const urlText = pathname === '/haku' ? (params.get('search') ?? '') : '';
  const [text, setText] = useState(urlText);
  const typed = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const [scannerOpen, setScannerOpen] = useState(false);
  const [scannerUsed, setScannerUsed] = useState(false);
  // Not in the server's first screen: a tap there before the app takes over would do nothing.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  useLayoutEffect(() => {
    const el = input.current;
    const taken = handOver && Date.now() - handOver.at < HAND_OVER_MS ? handOver : null;
    handOver = null;
    if (el && taken) {
      el.focus({ preventScroll: true });
      if (taken.text !== el.value) {
        typed.current = true;
        setText(taken.text);
      }
      // A caret inside the text (React's write leaves it at the end) goes back once React has written the text.
      if (taken.start !== null && taken.start < taken.text.length) {
        window.requestAnimationFrame(() => {
          if (document.activeElement === el && el.value === taken.text) el.setSelectionRange(taken.start, taken.end);
        });
      }
    }
    return () => {
      // Runs before React removes the box: it still has the focus when the shopper was typing in it.
      if (el && document.activeElement === el) handOver = { text: el.value, start: el.selectionStart, end: el.selectionEnd, at: Date.now() };
    };
  }, []);

  // Follow the address when it changes from elsewhere (back button, links).
  useEffect(() => {
    if (!typed.current) setText(urlText);
  }, [urlText]);

  useEffect(() => {
    if (!typed.current) return undefined;
    const t = window.setTimeout(() => {
      typed.current = false;
      const value = text.trim();
      if (!value) return;
      navigate(`/haku?search=${encodeURIComponent(value)}`, { replace: pathname === '/haku' });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [text, navigate, pathname]);

  return (
    <Wrap
      role="search"
      action="/haku"
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        typed.current = false;
        navigate(`/haku?search=${encodeURIComponent(text.trim())}`, { replace: pathname === '/haku' });
      }}
    >
      <Icon name="search" size={18} />
      <Input
        type="search"
        aria-label="Hae tuotteita"
        name="search"
        ref={input}
        placeholder="Hae tuotteita"
        enterKeyHint="search"
        value={text}
        onChange={(e) => {
          typed.current = true;
          setText(e.target.value);
        }}
      />
      {mounted ? (
        <ScanButton
          variant="ghost"
          size="sm"
          iconOnly
          aria-label="Skannaa viivakoodi"
          title="Skannaa viivakoodi"
          data-testid="scan-barcode"
          onClick={() => {
            setScannerUsed(true);
            setScannerOpen(true);
          }}
        >
          <Icon name="barcode" size={20} />
        </ScanButton>
      ) : null}
      {scannerUsed ? (
        <Suspense fallback={null}>
          <ScannerDialog
            open={scannerOpen}
            onClose={() => setScannerOpen(false)}
            onTextSearch={() => {
              setScannerOpen(false);
              // After the dialog has gone: closing hands the focus back to the scan button first.
              window.setTimeout(() => input.current?.focus(), theme.transitions.drawerMs + 50);
            }}
          />
        </Suspense>
      ) : null}
    </Wrap>
  );
}
