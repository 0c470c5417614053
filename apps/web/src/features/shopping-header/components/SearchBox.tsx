import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Icon, Input } from '@hintakori/web-ui';
import { SEARCH_DEBOUNCE_MS } from '@hintakori/web-util';

const Wrap = styled.div`
  position: relative;
  flex: 1 1 240px;
  min-width: 0;
  svg { position: absolute; left: 12px; top: 50%; transform: translateY(-50%); color: ${({ theme }) => theme.colors.textMuted}; pointer-events: none; }
  input { padding-left: 40px; }
`;

/** Product search: navigates to /haku?search=… 500 ms after the user stops typing. */
export function SearchBox() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const urlText = pathname === '/haku' ? (params.get('search') ?? '') : '';
  const [text, setText] = useState(urlText);
  const typed = useRef(false);

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
    <Wrap role="search">
      <Icon name="search" size={18} />
      <Input
        type="search"
        aria-label="Hae tuotteita"
        placeholder="Hae tuotteita"
        value={text}
        onChange={(e) => {
          typed.current = true;
          setText(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && text.trim()) {
            typed.current = false;
            navigate(`/haku?search=${encodeURIComponent(text.trim())}`, { replace: pathname === '/haku' });
          }
        }}
      />
    </Wrap>
  );
}
