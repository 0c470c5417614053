import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../test/render';
import { BlogListPage } from '../features/blog/components/BlogListPage';
import { BlogPostPage } from '../features/blog/components/BlogPostPage';
import { CartPanel } from '../features/cart/components/CartPanel';
import { NotFoundPage } from '../features/errors/components/NotFoundPage';
import { CrashScreen } from '../features/errors/components/CrashScreen';
import { SearchPage } from '../features/items/components/SearchPage';
import { OpenBadge } from '../kit/stores/OpenBadge';
import { OpeningTimes } from '../kit/stores/OpeningTimes';
import { PrivacyPage } from '../features/static-pages/components/PrivacyPage';
import { PERSONAL_COOKIE } from './first-screen';

describe('pages and states', () => {
  it("shows 'Valitse ensin kaupat' in a red box when searching without stores", () => {
    renderWithProviders(<SearchPage />, { route: '/haku?search=maito' });
    expect(screen.getByRole('alert')).toHaveTextContent('Valitse ensin kaupat');
  });

  it('shows the empty cart text', () => {
    renderWithProviders(<CartPanel />, {
      preloadedState: { ui: { drawerOpen: false, extensionInstalled: false, modals: { cart: true, compare: false, share: false, buy: false, categories: false } } },
    });
    expect(screen.getByRole('dialog', { name: 'Ostoskori' })).toBeInTheDocument();
    expect(screen.getByText('Ostoskori on tyhjä, kokeile lisätä ensin tuotteita!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Jaa/ })).toBeNull();
  });

  it('lists the redesign post dated 4.4.2024 and 404s unknown posts', () => {
    renderWithProviders(<BlogListPage />);
    expect(screen.getByText('4.4.2024')).toBeInTheDocument();
    renderWithProviders(
      <Routes>
        <Route path="/blogi/:slug" element={<BlogPostPage />} />
      </Routes>,
      { route: '/blogi/ei-ole' },
    );
    expect(screen.getByRole('heading', { name: '404 - Artikkelia ei löytynyt' })).toBeInTheDocument();
  });

  it('names the cookie the app sets on the privacy page', () => {
    renderWithProviders(<PrivacyPage />);
    expect(screen.getByText(PERSONAL_COOKIE)).toBeInTheDocument();
  });

  it('shows the 404 page with a link home and sets the title', () => {
    renderWithProviders(<NotFoundPage />);
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /etusivulle/ })).toHaveAttribute('href', '/');
    expect(document.title).toBe('404 | Hintakori');
  });

  it('apologises on crashes with the contact address', () => {
    renderWithProviders(<CrashScreen />);
    expect(screen.getByRole('heading', { name: 'Pahoittelut, jotain meni pieleen!' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Yritä uudestaan, tai ota yhteyttä hello@hintakori.fi, jos ongelma jatkuu');
  });

  it("shows the store's open badge and 'Aukioloajat ei saatavilla' when it has none", () => {
    jest.useFakeTimers().setSystemTime(new Date('2024-06-05T12:00:00+03:00'));
    const store = {
      openingTimes: [{ date: '2024-06-05', opens: '08:00', closes: '12:30', isOpenAllDay: false, description: null }],
      openingTimeExceptions: [],
    };
    renderWithProviders(<OpenBadge store={store} />);
    expect(screen.getByTestId('open-badge')).toHaveTextContent('Suljetaan pian (30 min)');
    renderWithProviders(<OpeningTimes store={{ openingTimes: [], openingTimeExceptions: [] }} />);
    expect(screen.getByText('Aukioloaikoja ei saatavilla')).toBeInTheDocument();
    jest.useRealTimers();
  });
});
