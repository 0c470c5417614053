import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatPrice, NO_CART_ID } from '@hintakori/web-util';
import { buttonStyles, type ButtonStyleProps, ErrorBox, Icon, InfoBox, Modal, Muted } from '@hintakori/web-ui';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useCartTotals } from '../../../kit/cart/useCartTotals';
import { modalClosed } from '../../../kit/layout/ui.slice';
import { GROUP_SHOPS, storeGroup } from '../../../kit/stores/chains';
import { ChainLogo } from '../../../kit/stores/ChainLogo';
import { buyLink } from '../buy';

const Choices = styled.fieldset`
  border: 0;
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  legend { font-weight: 700; margin-bottom: ${({ theme }) => theme.space.sm}; }
  label {
    display: grid;
    grid-template-columns: auto auto minmax(0, 1fr) auto;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    cursor: pointer;
  }
`;

const LinkButton = styled.a<ButtonStyleProps>`
  ${buttonStyles}
`;

export function BuyModal() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.ui.modals.buy);
  const extension = useAppSelector((s) => s.ui.extensionInstalled);
  const cartId = useAppSelector((s) => s.cart.id);
  const selected = useAppSelector((s) => s.stores.selected);
  const { ranked } = useCartTotals();
  // Every selected store is a choice; Lidl has no online shop and gets a printable list instead.
  const buyable = selected;
  // Default: the cheapest store (lowest total, ties to fewer missing prices).
  const cheapestBuyable = ranked.find((r) => buyable.some((s) => s.id === r.storeId))?.storeId ?? buyable[0]?.id ?? null;
  const [choice, setChoice] = useState<number | null>(cheapestBuyable);
  useEffect(() => {
    if (open) setChoice(cheapestBuyable);
    // Only reset the choice when the dialog opens or the cheapest store changes.
  }, [open, cheapestBuyable]);
  const chosen = buyable.find((s) => s.id === choice);
  const hasCart = cartId !== NO_CART_ID;
  const shop = chosen ? GROUP_SHOPS[storeGroup(chosen.type)] : undefined;
  const link =
    chosen && cartId !== NO_CART_ID
      ? buyLink({ cartId, storeId: chosen.id, externalId: chosen.externalId, type: chosen.type })
      : null;

  return (
    <Modal open={open} onClose={() => dispatch(modalClosed('buy'))} title="Osta" width={560} testId="buy-modal">
      {!extension ? (
        <InfoBox>
          <p>
            <strong>Siirrä ostoskori suoraan kaupan verkkokauppaan.</strong>
          </p>
          <p>
            Ostoskorin siirto S-kauppoihin tai K-Ruokaan vaatii Hintakorin selainlaajennuksen. Asenna laajennus selaimeesi ja
            lataa tämä sivu uudelleen, niin voit valita kaupan ja jatkaa tilaukseen.
          </p>
          <p style={{ margin: 0 }}>
            <Link to="/lisaosa" onClick={() => dispatch(modalClosed('buy'))}>
              Lue lisää ja asenna laajennus
            </Link>
          </p>
        </InfoBox>
      ) : buyable.length === 0 ? (
        <ErrorBox>Valitse ensin kaupat</ErrorBox>
      ) : (
        <>
          <Choices>
            <legend>Valitse kauppa</legend>
            {buyable.map((store) => {
              const total = ranked.find((r) => r.storeId === store.id);
              return (
                <label key={store.id}>
                  <input type="radio" name="buy-store" value={store.id} checked={choice === store.id} onChange={() => setChoice(store.id)} />
                  <ChainLogo chain={store.chain} size={18} decorative />
                  <span>{store.name}</span>
                  <Muted>{total ? formatPrice(total.total) : ''}</Muted>
                </label>
              );
            })}
          </Choices>
          {link && shop ? (
            <LinkButton href={link} target="_blank" rel="noopener noreferrer" $variant="primary" $size="md" $fullWidth>
              Siirry kauppaan: {shop.name}
              <Icon name="external" size={16} />
            </LinkButton>
          ) : chosen && !shop ? (
            <InfoBox>
              <p>{chosen.name}: Lidlillä ei ole verkkokauppaa. Voit tulostaa ostoskorin ostoslistaksi kauppaan mukaan.</p>
              {hasCart ? (
                <LinkButton
                  href={`/ostoslista/${encodeURIComponent(cartId)}?kauppa=${chosen.id}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  $variant="primary"
                  $size="md"
                  $fullWidth
                >
                  Avaa tulostettava ostoslista
                </LinkButton>
              ) : null}
            </InfoBox>
          ) : null}
        </>
      )}
    </Modal>
  );
}
