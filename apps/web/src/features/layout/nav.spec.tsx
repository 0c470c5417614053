import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { NavList } from './components/NavList';
import { documentTitle } from './hooks/useDocumentTitle';
import { isNavActive, NAV_ITEMS } from './nav';
import { isPong } from './hooks/useAppStartup';

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
