import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatPrice, priceOrEstimate } from '@hintakori/web-util';
import { ErrorBox, InfoBox, Muted, SkeletonRows } from '@hintakori/web-ui';
import { useAppSelector, useStoreNames } from '../../../app/hooks';
import type { CartItem } from '../../../kit/cart/cart.slice';
import { StoreTotalsList } from '../../../kit/cart/StoreTotalsList';
import { useCartTotals } from '../../../kit/cart/useCartTotals';
import { PageLayout } from '../../../kit/layout/PageLayout';
import { groupByAisle, readTicks, writeTicks } from '../shopping-list';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Toggle = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  font-weight: 600;
  cursor: pointer;
  input { width: 22px; height: 22px; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space.xl};
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; margin: 0 0 ${({ theme }) => theme.space.sm}; }
`;

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

/** The whole row is the tap target (at least 56 px high). */
const Line = styled.label<{ $done: boolean }>`
  display: grid;
  grid-template-columns: 32px minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  min-height: 56px;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $done }) => ($done ? theme.colors.surfaceAlt : theme.colors.surface)};
  cursor: pointer;
  input { width: 28px; height: 28px; margin: 0; accent-color: ${({ theme }) => theme.colors.primary}; }
  .name {
    font-weight: 600;
    text-decoration: ${({ $done }) => ($done ? 'line-through' : 'none')};
    color: ${({ theme, $done }) => ($done ? theme.colors.textMuted : theme.colors.text)};
  }
  .side { text-align: right; font-weight: 700; }
`;

const Totals = styled.details`
  margin-top: ${({ theme }) => theme.space.xl};
  summary { cursor: pointer; font-weight: 700; min-height: 44px; display: flex; align-items: center; }
`;

function useTicks(cartId: string) {
  const [ticked, setTicked] = useState<number[]>(() => readTicks(cartId));
  useEffect(() => setTicked(readTicks(cartId)), [cartId]);
  const toggle = (itemId: number) =>
    setTicked((current) => {
      const next = current.includes(itemId) ? current.filter((id) => id !== itemId) : [...current, itemId];
      writeTicks(cartId, next);
      return next;
    });
  const clear = () => {
    writeTicks(cartId, []);
    setTicked([]);
  };
  return { ticked: new Set(ticked), toggle, clear };
}

/** Price of a line in the cheapest of the chosen stores (an average marked '*' when that store lacks it). */
function LinePrice({ item, storeId }: { item: CartItem; storeId: number | undefined }) {
  if (storeId === undefined) return null;
  const { price, estimated } = priceOrEstimate(item.storeItems, storeId);
  if (price === null) return <Muted>--</Muted>;
  return (
    <span>
      {formatPrice(price * item.count)}
      {estimated ? '*' : ''}
    </span>
  );
}

/** 'Kauppalista': the cart as a list to tick off in the store, grouped by section in walking order. */
export function ShoppingListPage() {
  const cart = useAppSelector((s) => s.cart);
  const categories = useAppSelector((s) => s.categories.list);
  const storeNames = useStoreNames();
  const { ranked, loading, storeIds } = useCartTotals();
  const { ticked, toggle, clear } = useTicks(cart.id);
  const [onlyOpen, setOnlyOpen] = useState(false);
  const aisles = useMemo(() => groupByAisle(cart.items, categories), [cart.items, categories]);
  const cheapest = ranked[0];
  const doneCount = cart.items.filter((i) => ticked.has(i.id)).length;

  let body;
  if (!cart.loaded) body = <SkeletonRows count={4} />;
  else if (cart.items.length === 0)
    body = (
      <InfoBox>
        Kauppalista on tyhjä. <Link to="/haku">Lisää tuotteita ostoskoriin</Link>, niin ne näkyvät täällä.
      </InfoBox>
    );
  else
    body = (
      <>
        <Toolbar>
          <strong data-testid="shopping-list-progress">
            {doneCount}/{cart.items.length} ostettu
          </strong>
          <Toggle>
            <input type="checkbox" checked={onlyOpen} onChange={(e) => setOnlyOpen(e.target.checked)} />
            Näytä vain ostamattomat
          </Toggle>
        </Toolbar>
        {cheapest ? (
          <Muted as="p">
            Hinnat: {storeNames.get(cheapest.storeId) ?? 'halvin kauppa'}, yhteensä {formatPrice(cheapest.total)}
          </Muted>
        ) : null}
        {aisles.map((aisle) => {
          const lines = onlyOpen ? aisle.lines.filter((l) => !ticked.has(l.id)) : aisle.lines;
          if (lines.length === 0) return null;
          return (
            <Section key={aisle.id} aria-labelledby={`aisle-${aisle.id}`} data-testid="shopping-list-aisle">
              <h2 id={`aisle-${aisle.id}`}>{aisle.name}</h2>
              <Lines>
                {lines.map((item) => {
                  const done = ticked.has(item.id);
                  return (
                    <li key={item.id}>
                      <Line $done={done} data-testid="shopping-list-line">
                        <input type="checkbox" checked={done} onChange={() => toggle(item.id)} />
                        <span>
                          <span className="name">{item.name}</span>
                          <Muted style={{ display: 'block' }}>{item.count} kpl</Muted>
                        </span>
                        <span className="side">
                          <LinePrice item={item} storeId={cheapest?.storeId} />
                        </span>
                      </Line>
                    </li>
                  );
                })}
              </Lines>
            </Section>
          );
        })}
        {onlyOpen && doneCount === cart.items.length ? <InfoBox>Kaikki ostettu!</InfoBox> : null}
        {doneCount > 0 ? (
          <button type="button" onClick={clear} style={{ minHeight: 44 }}>
            Poista rastit
          </button>
        ) : null}
        <Totals>
          <summary>Hinta kaupoittain</summary>
          {storeIds.length === 0 ? <ErrorBox>Valitse ensin kaupat</ErrorBox> : <StoreTotalsList ranked={ranked} loading={loading} />}
        </Totals>
      </>
    );

  return (
    <PageLayout title="Kauppalista" actions={<Link to="/">Jatka ostoksia</Link>}>
      {body}
    </PageLayout>
  );
}
