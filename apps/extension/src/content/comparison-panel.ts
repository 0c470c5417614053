// The "Hintakori" comparison panel on a shop's product and cart pages, in a closed shadow root of its own (like the
// checklist: the shop's styles and scripts cannot reach it). Every text from the API or the shop's page is set as text
// (textContent, attributes); the sparkline is SVG built with DOM calls from numbers only.
//
// Placement: a narrow tab on the left edge at mid-height, opened into a panel only when the shopper clicks it. The
// shops keep their own controls along the top (header, search, cart), the bottom (a phone's sticky add-to-cart bar and
// menu) and the right (the cart button, and our checklist panel at the bottom right); their content column keeps a side
// margin, which the 32 px tab sits in, also at 390 px. Opened, it is the shopper's choice and closes with "Pienennä".
import { formatPrice } from '../lib/cart';
import type { CartTotalRow, ProductComparison } from '../lib/compare';
import { el } from './panel';

export const COMPARISON_HOST_ID = 'hintakori-vertailu';

export type ComparisonView =
  | { kind: 'loading' }
  | { kind: 'no-stores'; baseUrl: string }
  | { kind: 'unknown' }
  | { kind: 'error'; message: string }
  | { kind: 'product'; comparison: ProductComparison; shownPrice: number | null }
  | { kind: 'cart'; rows: CartTotalRow[]; importUrl: string | null; unknownLines: number; lines: number };

export interface ComparisonActions {
  onExpand(expanded: boolean): void;
  onClose(): void;
}

const STYLE = `
:host { all: initial; }
.tab { position: fixed; left: 0; top: 50%; transform: translateY(-50%); z-index: 2147483645; width: 32px; max-height: 60vh;
  box-sizing: border-box; padding: 10px 4px; writing-mode: vertical-rl; rotate: 180deg; font: 700 13px/1.2 system-ui, sans-serif;
  color: #fff; background: #0f6b47; border: 0; border-radius: 8px 0 0 8px; cursor: pointer; overflow: hidden; white-space: nowrap;
  text-overflow: ellipsis; box-shadow: 0 4px 12px rgba(0,0,0,0.2); }
.panel { position: fixed; left: 8px; top: 50%; transform: translateY(-50%); z-index: 2147483645; width: min(340px, calc(100vw - 48px));
  max-height: min(560px, calc(100vh - 32px)); overflow-y: auto; box-sizing: border-box; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1d2a24; background: #fff; border: 1px solid #c9d6cf; border-radius: 12px; box-shadow: 0 8px 28px rgba(0,0,0,0.22); }
.panel[hidden], .tab[hidden] { display: none; }
header { display: flex; align-items: center; gap: 8px; padding: 8px 12px; background: #0f6b47; color: #fff; border-radius: 11px 11px 0 0; }
header h2 { flex: 1; margin: 0; font-size: 15px; }
header button { font: inherit; color: #fff; background: transparent; border: 1px solid rgba(255,255,255,0.6); border-radius: 6px; padding: 2px 8px; cursor: pointer; }
.body { padding: 10px 12px; display: flex; flex-direction: column; gap: 8px; }
h3 { margin: 0; font-size: 15px; overflow-wrap: anywhere; }
ul { list-style: none; margin: 0; padding: 0; }
li { display: flex; justify-content: space-between; gap: 8px; padding: 4px 0; border-bottom: 1px solid #eef2f0; }
li .store { overflow-wrap: anywhere; }
li .price { white-space: nowrap; font-weight: 700; }
li.cheapest { color: #0f6b47; font-weight: 700; }
li.cheapest .store::after { content: " · halvin"; font-weight: 400; }
.summary { font-weight: 700; }
.muted { color: #5d6b64; font-size: 13px; }
svg { display: block; width: 100%; height: 48px; }
a { color: #0f6b47; }
a.button { display: block; text-align: center; padding: 8px; border-radius: 8px; background: #0f6b47; color: #fff; text-decoration: none; font-weight: 700; }
`;

/** "0,20 € halvempi kuin täällä": how the cheapest Hintakori store compares with the shop's own price. */
export function differenceText(difference: number | null): string | null {
  if (difference === null) return null;
  if (difference === 0) return 'sama hinta kuin täällä';
  return difference > 0 ? `${formatPrice(difference)} halvempi kuin täällä` : `${formatPrice(-difference)} kalliimpi kuin täällä`;
}

const SVG = 'http://www.w3.org/2000/svg';

/** The 60-day series as a polyline (the days without a price left out); null with fewer than two points. */
export function sparkline(series: (number | null)[]): SVGSVGElement | null {
  const points = series.map((price, day) => ({ day, price })).filter((p): p is { day: number; price: number } => p.price !== null);
  if (points.length < 2) return null;
  const width = 240;
  const height = 48;
  const low = Math.min(...points.map((p) => p.price));
  const high = Math.max(...points.map((p) => p.price));
  const span = Math.max(high - low, 1);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `Hinta 60 päivää: alin ${formatPrice(low)}, ylin ${formatPrice(high)}`);
  svg.dataset.testid = 'hintakori-sparkline';
  const line = document.createElementNS(SVG, 'polyline');
  const step = width / Math.max(series.length - 1, 1);
  line.setAttribute('points', points.map((p) => `${(p.day * step).toFixed(1)},${(4 + ((high - p.price) / span) * (height - 8)).toFixed(1)}`).join(' '));
  line.setAttribute('fill', 'none');
  line.setAttribute('stroke', '#0f6b47');
  line.setAttribute('stroke-width', '2');
  svg.append(line);
  return svg;
}

function storeList(rows: { storeId: number; storeName: string; value: number | null; cheapest: boolean }[], label: string): HTMLUListElement {
  const list = el('ul');
  list.setAttribute('aria-label', label);
  for (const row of rows) {
    const item = el('li', { className: row.cheapest ? 'cheapest' : '' }, el('span', { className: 'store', textContent: row.storeName }), el('span', { className: 'price', textContent: formatPrice(row.value) }));
    item.dataset.testid = 'hintakori-store';
    item.dataset.storeId = String(row.storeId);
    list.append(item);
  }
  return list;
}

function body(view: ComparisonView): Node[] {
  switch (view.kind) {
    case 'loading':
      return [el('p', { textContent: 'Haetaan hintoja Hintakorista…' })];
    case 'no-stores': {
      const link = el('a', { href: `${view.baseUrl}/`, textContent: 'Valitse kaupat Hintakorissa', target: '_blank', rel: 'noopener noreferrer' });
      return [el('p', { textContent: 'Hintakori vertaa tätä tuotetta valitsemissasi kaupoissa.' }), link];
    }
    case 'unknown':
      return [el('p', { textContent: 'Hintakori ei tunne tätä tuotetta.' })];
    case 'error': {
      const message = el('p', { textContent: view.message });
      message.setAttribute('role', 'alert');
      return [message];
    }
    case 'product': {
      const { comparison: c, shownPrice } = view;
      const nodes: Node[] = [el('h3', { textContent: c.itemName })];
      if (shownPrice !== null) nodes.push(el('p', { className: 'muted', textContent: `Tässä kaupassa ${formatPrice(shownPrice)}` }));
      nodes.push(storeList(c.rows.map((r) => ({ ...r, value: r.price })), 'Hinnat valitsemissasi kaupoissa'));
      const cheapest = c.rows.find((r) => r.cheapest);
      const difference = differenceText(c.difference);
      const summary = el('p', { className: 'summary', textContent: cheapest ? `Halvin: ${cheapest.storeName} ${formatPrice(cheapest.price)}${difference ? ` (${difference})` : ''}` : 'Valitsemissasi kaupoissa ei ole hintaa.' });
      summary.dataset.testid = 'hintakori-cheapest';
      nodes.push(summary);
      const low = el('p', { textContent: `30 päivän alin: ${formatPrice(c.low30)}` });
      low.dataset.testid = 'hintakori-low30';
      nodes.push(low);
      const chart = sparkline(c.series);
      nodes.push(chart ?? el('p', { className: 'muted', textContent: 'Hintahistoriaa ei vielä ole.' }));
      nodes.push(el('a', { href: c.itemUrl, textContent: 'Katso tuote Hintakorissa', target: '_blank', rel: 'noopener noreferrer' }));
      return nodes;
    }
    case 'cart': {
      const nodes: Node[] = [el('h3', { textContent: `Ostoskori Hintakorin kaupoissa (${view.lines} riviä)` })];
      nodes.push(storeList(view.rows.map((r) => ({ ...r, value: r.total })), 'Ostoskorin hinta valitsemissasi kaupoissa'));
      if (view.unknownLines > 0) nodes.push(el('p', { className: 'muted', textContent: `${view.unknownLines} tuotetta ei löytynyt Hintakorista.` }));
      if (view.importUrl) {
        const link = el('a', { className: 'button', href: view.importUrl, textContent: 'Vie Hintakoriin', target: '_blank', rel: 'noopener noreferrer' });
        link.dataset.testid = 'hintakori-import';
        nodes.push(link);
      }
      return nodes;
    }
  }
}

/** What the collapsed tab says: the cheapest price when there is one. */
function tabText(view: ComparisonView): string {
  if (view.kind === 'product' && view.comparison.cheapest !== null) return `Hintakori ${formatPrice(view.comparison.cheapest)}`;
  const cheapest = view.kind === 'cart' ? view.rows.find((r) => r.cheapest) : undefined;
  return cheapest ? `Hintakori ${formatPrice(cheapest.total)}` : 'Hintakori';
}

export function renderComparison(root: ShadowRoot, view: ComparisonView, expanded: boolean, actions: ComparisonActions): void {
  const tab = el('button', { type: 'button', className: 'tab', textContent: tabText(view), hidden: expanded });
  tab.setAttribute('aria-expanded', 'false');
  tab.setAttribute('aria-label', `Näytä Hintakorin hintavertailu: ${tabText(view)}`);
  tab.dataset.testid = 'hintakori-tab';
  tab.addEventListener('click', () => actions.onExpand(true));
  const collapse = el('button', { type: 'button', textContent: 'Pienennä' });
  collapse.addEventListener('click', () => actions.onExpand(false));
  const close = el('button', { type: 'button', textContent: 'Sulje', title: 'Sulje Hintakorin vertailu tässä kaupassa' });
  close.addEventListener('click', () => actions.onClose());
  const content = el('div', { className: 'body' }, ...body(view));
  content.setAttribute('aria-live', 'polite');
  const panel = el('section', { className: 'panel', hidden: !expanded }, el('header', {}, el('h2', { textContent: 'Hintakori' }), collapse, close), content);
  panel.setAttribute('aria-label', 'Hintakorin hintavertailu');
  panel.dataset.testid = 'hintakori-comparison';
  panel.dataset.view = view.kind;
  root.replaceChildren(el('style', { textContent: STYLE }), tab, panel);
}
