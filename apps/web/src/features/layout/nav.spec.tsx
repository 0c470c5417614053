import { fireEvent, screen } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { renderWithProviders } from '../../test/render';
import { NavList } from './components/NavList';
import { documentTitle } from '../../kit/layout/useDocumentTitle';
import { isNavActive, NAV_ITEMS } from './nav';
import { isPong } from '../../app/useAppStartup';
import { useCloseDrawerOnNavigate, useScrollReset } from './hooks/useNavigationEffects';

describe('navigation', () => {
  it('has the entries in order with dividers', () => {
    expect(NAV_ITEMS.map((i) => (i === 'divider' ? '|' : i.label))).toEqual([
      'Etusivu',
      'Ostoskorivertailu',
      'Kaupat',
      'Tarjoukset',
      'Hintakartta',
      'Hintataso',
      'Hinnanmuutokset',
      '|',
      'Blogi',
      'Reseptit',
      '|',
      'Ota yhteyttä',
      'Tietoa',
    ]);
  });

  it('highlights an entry when the address contains its path, home only on exactly /', () => {
    expect(isNavActive('/', '/')).toBe(true);
    expect(isNavActive('/', '/kaupat')).toBe(false);
    expect(isNavActive('/kaupat', '/kaupat/prisma-kamppi-12')).toBe(true);
    expect(isNavActive('/blogi', '/blogi/hintakori-uudistui')).toBe(true);
    expect(isNavActive('/tietoa', '/kaupat')).toBe(false);
  });

  it('marks the current entry for assistive technology', () => {
    renderWithProviders(<NavList />, { route: '/kaupat/prisma-kamppi-12' });
    expect(screen.getByRole('link', { name: 'Kaupat' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Etusivu' })).not.toHaveAttribute('aria-current');
  });

  it("titles pages 'Hintakori' and '<page> | Hintakori'", () => {
    expect(documentTitle()).toBe('Hintakori');
    expect(documentTitle('Kaupat')).toBe('Kaupat | Hintakori');
  });

  it("recognises the extension's pong", () => {
    expect(isPong('pong')).toBe(true);
    expect(isPong({ type: 'pong' })).toBe(true);
    expect(isPong({ type: 'hintakori:ping' })).toBe(false);
    expect(isPong(null)).toBe(false);
  });
});

describe('menu and scroll on navigation', () => {
  function Probe() {
    useCloseDrawerOnNavigate();
    useScrollReset();
    const navigate = useNavigate();
    const open = useAppSelector((s) => s.ui.drawerOpen);
    return (
      <>
        <p>{open ? 'valikko auki' : 'valikko kiinni'}</p>
        <button onClick={() => navigate('/kaupat')}>Kaupat</button>
      </>
    );
  }

  it('keeps a menu opened as the app takes over (the mount), and closes it and scrolls up when the shopper goes to another page', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    // The menu is open in the store as the shell mounts (the server copy's menu was opened before the app took over).
    const { store } = renderWithProviders(<Probe />, {
      route: '/',
      preloadedState: { ui: { drawerOpen: true, modals: { cart: false, compare: false, share: false, buy: false, categories: false }, extensionInstalled: false } },
    });
    expect(screen.getByText('valikko auki')).toBeInTheDocument();
    expect(store.getState().ui.drawerOpen).toBe(true);
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Kaupat' }));
    expect(screen.getByText('valikko kiinni')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });
});
