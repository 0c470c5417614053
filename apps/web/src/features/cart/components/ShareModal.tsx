import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { NO_CART_ID } from '@hintakori/web-util';
import { Button, Icon, Input, Modal, Muted, Spinner, Toast } from '@hintakori/web-ui';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { modalClosed } from '../../../kit/layout/ui.slice';
import { copyText, shareUrl, socialLinks } from '../../../kit/cart/share';

const LinkRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Social = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  a {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: ${({ theme }) => theme.space.xs};
    min-height: 40px;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    text-decoration: none;
    font-weight: 600;
  }
`;

export const COPIED_TEXT = 'Linkki kopioitu leikepöydälle';

export function ShareModal() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.ui.modals.share);
  const cartId = useAppSelector((s) => s.cart.id);
  const [toast, setToast] = useState<string | null>(null);
  const clearToast = useCallback(() => setToast(null), []);
  const ready = cartId !== NO_CART_ID;
  const url = ready ? shareUrl(cartId) : '';

  return (
    <>
      <Modal open={open} onClose={() => dispatch(modalClosed('share'))} title="Jaa" width={560} testId="share-modal">
        {!ready ? (
          <p>
            <Spinner size={18} /> <Muted>Tallennetaan ostoskoria…</Muted>
          </p>
        ) : (
          <>
            <p>Kuka tahansa linkin saanut voi katsoa ostoskorin sisällön ja hinnat omissa kaupoissaan.</p>
            <LinkRow>
              <Input readOnly value={url} aria-label="Jaettava linkki" onFocus={(e) => e.currentTarget.select()} data-testid="share-url" />
              <Button
                variant="primary"
                onClick={async () => {
                  if (await copyText(url)) setToast(COPIED_TEXT);
                }}
              >
                <Icon name="copy" size={16} />
                Kopioi
              </Button>
            </LinkRow>
            <h3>Jaa somessa</h3>
            <Social>
              {socialLinks(url).map((link) => (
                <li key={link.name}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={`Jaa: ${link.name}`}>
                    {link.name === 'Sähköposti' ? <Icon name="mail" size={16} /> : <Icon name="share" size={16} />}
                    {link.name}
                  </a>
                </li>
              ))}
            </Social>
          </>
        )}
      </Modal>
      <Toast message={toast} onDone={clearToast} />
    </>
  );
}
