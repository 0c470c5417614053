export interface NavEntry {
  label: string;
  path: string;
  beta?: boolean;
  external?: boolean;
}

export type NavItem = NavEntry | 'divider';

/** Sidebar entries in order; dividers between the groups. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Etusivu', path: '/' },
  { label: 'Ostoskorivertailu', path: '/ostoskorivertailu' },
  { label: 'Kaupat', path: '/kaupat' },
  { label: 'Tarjoukset', path: '/tarjoukset' },
  { label: 'Hintakartta', path: '/hintakartta' },
  { label: 'Hintataso', path: '/hintataso' },
  { label: 'Hinnanmuutokset', path: '/hinnanmuutokset' },
  'divider',
  { label: 'Blogi', path: '/blogi' },
  { label: 'Reseptit', path: '/reseptit' },
  'divider',
  { label: 'Ota yhteyttä', path: '/ota-yhteytta' },
  { label: 'Tietoa', path: '/tietoa' },
];

/** An entry is highlighted when the address contains its path; home only on exactly '/'. */
export function isNavActive(entryPath: string, pathname: string): boolean {
  if (entryPath === '/') return pathname === '/';
  return pathname.includes(entryPath);
}
