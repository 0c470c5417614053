// The "Hintakori-ostoslista" panel drawn on the shop's page. Built with DOM calls inside a closed shadow root,
// so the shop's styles do not leak in, the shop's scripts cannot read or change it, and no shop data is read.
// Every text from the API is set as text (textContent, attributes), never as HTML; pictures load only from the
// hosts the site's CSP allows (lib/pictures.ts).
import { type ChecklistLine, checklistTotal, formatPrice, progressText } from '../lib/cart';
import { allowedPictureUrl } from '../lib/pictures';
import type { ShopAdapter } from '../shops';

export interface PanelModel {
  shop: ShopAdapter;
  baseUrl: string;
  storeName: string | null;
  lines: ChecklistLine[];
  checked: Set<number>;
  collapsed: boolean;
}

export interface PanelActions {
  onToggleLine(itemId: number, checked: boolean): void;
  onCollapse(collapsed: boolean): void;
  onClose(): void;
}

const STYLE = `
:host { all: initial; }
.panel { position: fixed; right: 16px; bottom: 16px; z-index: 2147483646; width: min(380px, calc(100vw - 32px));
  max-height: min(640px, calc(100vh - 32px)); display: flex; flex-direction: column; box-sizing: border-box;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2a24; background: #fff;
  border: 1px solid #c9d6cf; border-radius: 12px; box-shadow: 0 8px 28px rgba(0, 0, 0, 0.22); }
header { display: flex; align-items: center; gap: 8px; padding: 10px 12px; background: #0f6b47; color: #fff; border-radius: 11px 11px 0 0; }
header h2 { flex: 1; margin: 0; font-size: 16px; }
header button { font: inherit; color: #fff; background: transparent; border: 1px solid rgba(255,255,255,0.6); border-radius: 6px; padding: 2px 8px; cursor: pointer; }
.meta { padding: 8px 12px; border-bottom: 1px solid #e3ebe6; display: flex; flex-wrap: wrap; gap: 4px 12px; justify-content: space-between; }
.progress { font-weight: 700; }
ul { list-style: none; margin: 0; padding: 0; overflow-y: auto; }
li { display: grid; grid-template-columns: auto 48px minmax(0, 1fr) auto; gap: 8px; align-items: center; padding: 8px 12px; border-bottom: 1px solid #eef2f0; }
li.done .name { text-decoration: line-through; color: #5d6b64; }
li img, li .noimg { width: 48px; height: 48px; object-fit: contain; background: #f3f6f4; border-radius: 6px; }
input[type=checkbox] { width: 18px; height: 18px; margin: 0; accent-color: #0f6b47; }
.name { font-weight: 600; overflow-wrap: anywhere; }
.qty { color: #5d6b64; }
.price { text-align: right; white-space: nowrap; font-weight: 700; }
a { color: #0f6b47; }
.search { font-size: 13px; }
footer { padding: 10px 12px; display: flex; flex-direction: column; gap: 8px; }
.total { display: flex; justify-content: space-between; font-weight: 700; }
.back { display: block; text-align: center; padding: 8px; border-radius: 8px; background: #0f6b47; color: #fff; text-decoration: none; font-weight: 700; }
.message { padding: 12px; }
.error { color: #a3261b; }
.collapsed ul, .collapsed footer, .collapsed .meta, .collapsed .message { display: none; }
`;

/** The panels this content script mounted, by host id: a closed root is reachable only through this reference. */
const mounted = new Map<string, { root: ShadowRoot; host: HTMLElement }>();

/**
 * Creates the panel host once (again after "Sulje" removed it) and returns its closed shadow root. An element the
 * shop put under the same id is never reused. `id`: the checklist's host by default, the comparison panel has its own.
 */
export function mountPanel(id = 'hintakori-ostoslista'): { root: ShadowRoot; host: HTMLElement } {
  const existing = mounted.get(id);
  if (existing?.host.isConnected) return existing;
  const host = document.createElement('div');
  host.id = id;
  const root = host.attachShadow({ mode: 'closed' });
  (document.body ?? document.documentElement).append(host);
  mounted.set(id, { root, host });
  return { root, host };
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function frame(root: ShadowRoot, collapsed: boolean, actions: Pick<PanelActions, 'onCollapse' | 'onClose'>, body: Node[]): void {
  const collapse = el('button', { type: 'button', textContent: collapsed ? 'Näytä' : 'Pienennä' });
  collapse.setAttribute('aria-expanded', String(!collapsed));
  collapse.addEventListener('click', () => actions.onCollapse(!collapsed));
  const close = el('button', { type: 'button', textContent: 'Sulje', title: 'Sulje ostoslista tästä kaupasta' });
  close.addEventListener('click', () => actions.onClose());
  const panel = el('section', { className: `panel${collapsed ? ' collapsed' : ''}` }, el('header', {}, el('h2', { textContent: 'Hintakori-ostoslista' }), collapse, close), ...body);
  panel.setAttribute('aria-label', 'Hintakori-ostoslista');
  panel.dataset.testid = 'hintakori-panel';
  root.replaceChildren(el('style', { textContent: STYLE }), panel);
}

export function renderMessage(root: ShadowRoot, text: string, isError: boolean, collapsed: boolean, actions: Pick<PanelActions, 'onCollapse' | 'onClose'>, baseUrl?: string): void {
  const message = el('p', { className: `message${isError ? ' error' : ''}`, textContent: text });
  message.setAttribute('role', isError ? 'alert' : 'status');
  const body: Node[] = [message];
  if (isError) body.push(el('p', { className: 'message', textContent: `Hintakorin osoitteen voi vaihtaa laajennuksen asetuksista${baseUrl ? ` (nyt ${baseUrl})` : ''}.` }));
  frame(root, collapsed, actions, body);
}

export function renderChecklist(root: ShadowRoot, model: PanelModel, actions: PanelActions): void {
  const { lines, checked } = model;
  const progress = el('span', { className: 'progress', textContent: progressText(lines, checked) });
  progress.setAttribute('role', 'status');
  progress.dataset.testid = 'hintakori-progress';
  const meta = el('div', { className: 'meta' }, el('span', { textContent: model.storeName ? `Hinnat: ${model.storeName}` : `Kauppa: ${model.shop.name}` }), progress);

  const list = el('ul');
  list.setAttribute('aria-label', 'Ostoslistan tuotteet');
  if (lines.length === 0) list.append(el('li', { className: 'message', textContent: 'Ostoskori on tyhjä.' }));
  for (const line of lines) {
    const done = checked.has(line.itemId);
    const box = el('input', { type: 'checkbox', checked: done });
    box.setAttribute('aria-label', `Lisätty kauppaan: ${line.name}`);
    box.addEventListener('change', () => {
      actions.onToggleLine(line.itemId, box.checked);
      // Updated in place: the box the shopper clicked stays the same element.
      box.closest('li')?.classList.toggle('done', box.checked);
      progress.textContent = progressText(lines, checked);
    });
    const pictureUrl = allowedPictureUrl(line.pictureUrl, model.baseUrl);
    const picture = pictureUrl ? el('img', { src: pictureUrl, alt: '', loading: 'lazy', referrerPolicy: 'no-referrer' }) : el('span', { className: 'noimg' });
    const search = el('a', { className: 'search', href: model.shop.searchUrl(line.searchTerm), textContent: `Hae ${model.shop.nameElative}` });
    search.setAttribute('aria-label', `Hae ${model.shop.nameElative}: ${line.name}`);
    const details = el('div', {}, el('div', { className: 'name', textContent: line.name }), el('div', { className: 'qty', textContent: `${line.quantity} kpl` }), search);
    const price = el('div', { className: 'price', textContent: formatPrice(line.unitPrice) });
    price.dataset.testid = 'hintakori-price';
    if (line.unitPrice === null) price.title = 'Tuote tai hinta ei ole saatavilla';
    const item = el('li', { className: done ? 'done' : '' }, box, picture, details, price);
    item.dataset.testid = 'hintakori-line';
    item.dataset.itemId = String(line.itemId);
    list.append(item);
  }

  const { total, missing } = checklistTotal(lines);
  const totalRow = el('div', { className: 'total' }, el('span', { textContent: 'Yhteensä' }), el('span', { textContent: formatPrice(total) }));
  const footer = el('footer', {}, totalRow);
  if (missing > 0) footer.append(el('small', { textContent: `${missing} tuotteelle ei ole hintaa tässä kaupassa.` }));
  footer.append(el('a', { className: 'back', href: `${model.baseUrl}/ostoskorivertailu`, textContent: 'Takaisin vertailuun' }));
  frame(root, model.collapsed, actions, [meta, list, footer]);
}
