/** @jest-environment jsdom */
// The checklist panel on the shop's page: a closed shadow root, pictures only from the hosts the site's CSP allows,
// and every text from the API set as text.
import type { ChecklistLine } from '../lib/cart';
import { K_GROUP } from '../shops';
import { mountPanel, type PanelModel, renderChecklist, renderMessage } from './panel';

const HOSTILE = '<img src=x onerror=alert(1)>';
const actions = { onToggleLine: () => undefined, onCollapse: () => undefined, onClose: () => undefined };

function line(itemId: number, name: string, pictureUrl: string | null): ChecklistLine {
  return { itemId, name, quantity: 1, unitPrice: 199, pictureUrl, searchTerm: name };
}

function model(lines: ChecklistLine[], extra: Partial<PanelModel> = {}): PanelModel {
  return { shop: K_GROUP, baseUrl: 'https://hintakori.fi', storeName: 'K-Market Testi', lines, checked: new Set(), collapsed: false, ...extra };
}

afterEach(() => document.body.replaceChildren());

describe('panel', () => {
  it("keeps its shadow root closed to the shop's scripts", () => {
    const { root, host } = mountPanel();
    renderMessage(root, 'Haetaan ostoskoria Hintakorista…', false, false, actions);
    expect(host.isConnected).toBe(true);
    expect(host.shadowRoot).toBeNull();
    expect(document.getElementById('hintakori-ostoslista')?.shadowRoot ?? null).toBeNull();
    expect(document.body.textContent).not.toContain('Haetaan');
    // Mounted again (the hash changed): the same root, still closed.
    expect(mountPanel().root).toBe(root);
  });

  it('never draws into an element the shop planted under its id', () => {
    const planted = document.createElement('div');
    planted.id = 'hintakori-ostoslista';
    const spy = planted.attachShadow({ mode: 'open' });
    document.body.append(planted);
    const { root, host } = mountPanel();
    renderMessage(root, 'Ostoskori', false, false, actions);
    expect(host).not.toBe(planted);
    expect(root).not.toBe(spy);
    expect(spy.childNodes.length).toBe(0);
  });

  it('loads a picture only from the site itself or the image hosts its CSP allows', () => {
    const { root } = mountPanel();
    const lines = [
      line(1, 'Vieras kuva', 'https://evil.example/track.png'),
      line(2, 'S-ryhmän kuva', 'https://cdn.s-cloud.fi/v1/w256_h256/product.jpg'),
      line(3, 'Oma kuva', 'https://hintakori.fi/images/products/maito.svg'),
      line(4, 'Open Food Facts', 'https://images.openfoodfacts.org/images/products/640/843/000/0128/front_fi.3.400.jpg'),
      line(5, 'Selvää tekstiä', 'http://cdn.s-cloud.fi/product.jpg'),
      line(6, 'Skripti', 'javascript:alert(1)'),
      line(7, 'Näköislaji', 'https://cdn.s-cloud.fi.evil.example/product.jpg'),
      line(8, 'Lidl', 'https://imgproxy-retcat.assets.schwarz/abc/product.jpg'),
    ];
    renderChecklist(root, model(lines), actions);
    const sources = [...root.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual([lines[1].pictureUrl, lines[2].pictureUrl, lines[3].pictureUrl, lines[7].pictureUrl]);
    // A refused picture leaves the blank square in its place.
    const first = root.querySelector('[data-item-id="1"]');
    expect(first?.querySelector('img')).toBeNull();
    expect(first?.querySelector('.noimg')).not.toBeNull();
  });

  it('shows a hostile product and store name as text', () => {
    const { root } = mountPanel();
    renderChecklist(root, model([line(1, HOSTILE, 'https://cdn.s-cloud.fi/p.jpg')], { storeName: HOSTILE }), actions);
    expect(root.querySelector('[data-item-id="1"] .name')?.textContent).toBe(HOSTILE);
    expect(root.querySelector('.meta')?.textContent).toContain(`Hinnat: ${HOSTILE}`);
    expect([...root.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['https://cdn.s-cloud.fi/p.jpg']);
    expect(root.querySelector('[onerror]')).toBeNull();

    renderMessage(root, HOSTILE, true, false, actions);
    expect(root.querySelector('[role="alert"]')?.textContent).toBe(HOSTILE);
    expect(root.querySelectorAll('img')).toHaveLength(0);
  });
});
