import { FIRST_SCREEN_CSS_ID, FIRST_SCREEN_ID, PERSONAL_COOKIE, revealApp, syncPersonalCookie, watchFirstScreen } from './first-screen';
import { makeStore } from './store';

describe("the server's first screen in the browser", () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.cookie = `${PERSONAL_COOKIE}=; Path=/; Max-Age=0`;
  });

  it("removes the server's copy and its styles (which hide the app's root), once", () => {
    document.head.innerHTML = `<style id="${FIRST_SCREEN_CSS_ID}">#root{display:none}</style>`;
    document.body.innerHTML = `<div id="${FIRST_SCREEN_ID}"><main><h1>Kaupat</h1></main></div><div id="root"><main><h1>Kaupat</h1></main></div>`;
    expect(getComputedStyle(document.getElementById('root') as HTMLElement).display).toBe('none');
    expect(revealApp()).toBe(true);
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    expect(document.getElementById(FIRST_SCREEN_CSS_ID)).toBeNull();
    expect(getComputedStyle(document.getElementById('root') as HTMLElement).display).toBe('block');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    // A page sent without one (the service worker's copy, a returning visitor) has nothing to remove.
    expect(revealApp()).toBe(false);
  });

  it("carries what was typed into the server's copy over into the app's page, as typing, with the focus", () => {
    document.head.innerHTML = `<style id="${FIRST_SCREEN_CSS_ID}">#root{display:none}</style>`;
    document.body.innerHTML = `<div id="${FIRST_SCREEN_ID}"><input type="search" value="maito"><input type="text" value=""></div><div id="root"></div>`;
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = '<input type="search" value="maito"><input type="text" value="">';
    const [, typedInto] = [...document.querySelectorAll<HTMLInputElement>(`#${FIRST_SCREEN_ID} input`)];
    typedInto.value = 'Prisma';
    typedInto.focus();
    const [search, stores] = [...root.querySelectorAll('input')];
    const heard = jest.fn((event: Event) => (event.target as HTMLInputElement).value);
    root.addEventListener('input', heard);
    revealApp();
    expect(stores.value).toBe('Prisma');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveReturnedWith('Prisma');
    expect(document.activeElement).toBe(stores);
    expect(search.value).toBe('maito');
  });

  it('keeps the caret, and finds the twin field by its name when the pages have different controls', () => {
    document.head.innerHTML = `<style id="${FIRST_SCREEN_CSS_ID}">#root{display:none}</style>`;
    document.body.innerHTML = `<div id="${FIRST_SCREEN_ID}"><div popover><input aria-label="Muu"></div><input type="search" aria-label="Hae tuotteita" value=""></div><div id="root"></div>`;
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = '<input type="text" aria-label="Vain sovelluksessa"><input type="search" aria-label="Hae tuotteita" value="">';
    const typed = document.querySelector<HTMLInputElement>(`#${FIRST_SCREEN_ID} input[type="search"]`) as HTMLInputElement;
    typed.value = 'maitojuoma';
    typed.focus();
    typed.setSelectionRange(5, 5);
    revealApp();
    const search = root.querySelector<HTMLInputElement>('input[type="search"]') as HTMLInputElement;
    expect(search.value).toBe('maitojuoma');
    expect(document.activeElement).toBe(search);
    expect([search.selectionStart, search.selectionEnd]).toEqual([5, 5]);
  });

  it("makes each tap on a button of the server's copy that needs the app on the app's button, once, and none that works without it", () => {
    document.body.innerHTML = `<div id="${FIRST_SCREEN_ID}"><button popovertarget="fs-drawer" aria-label="Avaa valikko"></button><div id="fs-drawer" popover><button>Sulje</button></div><button>Kategoriat</button><button aria-label="Ostoskori"></button></div><div id="root"></div>`;
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = '<button aria-label="Avaa valikko"></button><button>Kategoriat</button><button aria-label="Ostoskori"></button>';
    watchFirstScreen();
    const [menu, close, categories, cart] = [...document.querySelectorAll<HTMLButtonElement>(`#${FIRST_SCREEN_ID} button`)];
    menu.click();
    close.click();
    categories.click();
    cart.click();
    cart.click();
    const taps: string[] = [];
    root.addEventListener('click', (e) => taps.push((e.target as HTMLElement).textContent || (e.target as HTMLElement).getAttribute('aria-label') || ''));
    revealApp();
    expect(taps).toEqual(['Kategoriat', 'Ostoskori', 'Ostoskori']);
    // Nothing is made again at a later takeover.
    revealApp();
    expect(taps).toHaveLength(3);
  });

  it('marks a browser with chosen stores or a cart with the cookie, and clears it when neither', () => {
    syncPersonalCookie(false);
    expect(document.cookie).not.toContain(PERSONAL_COOKIE);
    syncPersonalCookie(true);
    expect(document.cookie).toContain(`${PERSONAL_COOKIE}=1`);
    syncPersonalCookie(true);
    expect(document.cookie.match(new RegExp(PERSONAL_COOKIE, 'g'))).toHaveLength(1);
    syncPersonalCookie(false);
    expect(document.cookie).not.toContain(PERSONAL_COOKIE);
  });

  it('is what the browser store keeps in step with the chosen stores and the cart', async () => {
    const { createAppStore } = await import('./store');
    const { storeAdded, storeRemoved } = await import('../kit/stores/stores.slice');
    localStorage.clear();
    const store = createAppStore();
    expect(document.cookie).not.toContain(PERSONAL_COOKIE);
    store.dispatch(storeAdded({ id: 7, name: 'Prisma Kamppi', urlSlug: 'prisma-kamppi', chain: 'prisma', type: 'S', externalId: null }));
    expect(document.cookie).toContain(`${PERSONAL_COOKIE}=1`);
    store.dispatch(storeRemoved(7));
    expect(document.cookie).not.toContain(PERSONAL_COOKIE);
    // A store made for other uses (the server's render) leaves the cookie alone.
    makeStore();
    expect(document.cookie).not.toContain(PERSONAL_COOKIE);
    localStorage.clear();
  });
});
