import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { fakeResponse, renderWithProviders } from '../../test/render';
import { AdminSection } from './components/AdminSection';
import type { CategoryMapping, UnmappedCategory } from './admin.models';
import { categoryOptions, filterCategoryOptions } from './category-tree';
import { RETURN_PATH_KEY, safeReturnPath, takeReturnPath } from './return-path';

interface Call {
  method: string;
  url: string;
  body?: unknown;
  headers: Record<string, string>;
  credentials?: RequestCredentials;
}

const CATEGORIES = [
  { id: 1, name: 'Maito, juusto, munat ja rasvat', slug: 'maito-juusto-munat-ja-rasvat', parentCategoryId: null },
  { id: 2, name: 'Maidot', slug: 'maidot', parentCategoryId: 1 },
  { id: 3, name: 'Juustot', slug: 'juustot', parentCategoryId: 1 },
  { id: 4, name: 'Juomat', slug: 'juomat', parentCategoryId: null },
  { id: 5, name: 'Kasvijuomat', slug: 'kasvijuomat', parentCategoryId: 4 },
  { id: 99, name: 'Muut', slug: 'muut', parentCategoryId: null },
];

const UNMAPPED: UnmappedCategory = {
  externalType: 's-group',
  externalId: 'Maitotuotteet > Maidot ja piimät',
  name: 'Maidot ja piimät',
  path: ['Maitotuotteet', 'Maidot ja piimät'],
  itemCount: 12,
  currentCategoryId: 99,
};

/** A fake gateway: the admin routes keep their state between calls, like the real one. */
function fakeGateway({ signedIn = true, loginStatus = 200 }: { signedIn?: boolean; loginStatus?: number } = {}) {
  const calls: Call[] = [];
  const state = { signedIn, unmapped: [UNMAPPED], mappings: [] as CategoryMapping[] };
  global.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body, headers: (init.headers ?? {}) as Record<string, string>, credentials: init.credentials });
    const path = url.replace(/\?.*$/, '');
    if (path === '/api/categories') return fakeResponse(200, CATEGORIES);
    if (path === '/api/admin/session' && method === 'POST') {
      if (loginStatus !== 200) return fakeResponse(loginStatus, { statusCode: loginStatus, message: 'nope' });
      state.signedIn = true;
      return fakeResponse(200, { username: 'admin', expiresAt: '2030-01-01T00:00:00.000Z' });
    }
    if (!state.signedIn) return fakeResponse(401, { statusCode: 401, message: 'An admin session is required' });
    if (path === '/api/admin/session' && method === 'GET') return fakeResponse(200, { username: 'admin', expiresAt: '2030-01-01T00:00:00.000Z' });
    if (path === '/api/admin/session' && method === 'DELETE') {
      state.signedIn = false;
      return fakeResponse(204);
    }
    if (path === '/api/admin/category-mappings/unmapped') return fakeResponse(200, state.unmapped);
    if (path === '/api/admin/category-mappings' && method === 'GET') return fakeResponse(200, state.mappings);
    if (path === '/api/admin/category-mappings' && method === 'POST') {
      const request = body as { categoryId: number; externalType: string; externalId: string };
      const moved = state.unmapped.find((u) => u.externalId === request.externalId);
      state.unmapped = state.unmapped.filter((u) => u !== moved);
      const mapping = { id: 7, ...request, externalName: moved?.name ?? null, itemCount: moved?.itemCount ?? 0, createdAt: '2026-01-01T00:00:00.000Z' };
      state.mappings = [mapping];
      return fakeResponse(201, mapping);
    }
    const deleted = /^\/api\/admin\/category-mappings\/(\d+)$/.exec(path);
    if (deleted && method === 'DELETE') {
      state.mappings = state.mappings.filter((m) => m.id !== Number(deleted[1]));
      state.unmapped = [UNMAPPED];
      return fakeResponse(204);
    }
    return fakeResponse(404, { statusCode: 404, message: `no route ${method} ${path}` });
  }) as unknown as typeof fetch;
  return { calls, state };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAdmin(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/app/*" element={<AdminSection />} />
      </Routes>
      <Where />
    </>,
    { route },
  );
}

describe('admin section', () => {
  beforeEach(() => {
    sessionStorage.clear();
    // The request layer reads the browser address for the 401 rule: put the browser on the login page.
    window.history.pushState({}, '', '/app/login');
  });

  describe('login form', () => {
    it('shows the Finnish labels and signs in with a JSON POST, then returns to the page that asked', async () => {
      const { calls } = fakeGateway({ signedIn: false });
      sessionStorage.setItem(RETURN_PATH_KEY, '/app/category-mappings?sivu=2');
      renderAdmin('/app/login');
      expect(screen.getByRole('heading', { name: 'Kirjaudu sisään' })).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('Käyttäjätunnus'), 'admin');
      await userEvent.type(screen.getByLabelText('Salasana'), 'salainen-sana-1');
      expect(screen.getByLabelText('Salasana')).toHaveAttribute('type', 'password');
      await userEvent.click(screen.getByRole('button', { name: 'Kirjaudu sisään' }));

      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/app/category-mappings?sivu=2'));
      const login = calls.find((c) => c.method === 'POST' && c.url === '/api/admin/session');
      expect(login?.body).toEqual({ username: 'admin', password: 'salainen-sana-1' });
      expect(login?.headers['Content-Type']).toBe('application/json');
      expect(login?.credentials).toBe('include');
      expect(await screen.findByRole('heading', { name: 'Kategorioiden kohdistus' })).toBeInTheDocument();
      // The admin page it returned to is remembered again, in case the session ends there.
      expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBe('/app/category-mappings?sivu=2');
    });

    it("says 'Väärä käyttäjätunnus tai salasana' on 401 and stays on the page", async () => {
      fakeGateway({ signedIn: false, loginStatus: 401 });
      renderAdmin('/app/login');
      await userEvent.type(screen.getByLabelText('Käyttäjätunnus'), 'admin');
      await userEvent.type(screen.getByLabelText('Salasana'), 'väärä-salasana');
      await userEvent.click(screen.getByRole('button', { name: 'Kirjaudu sisään' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Väärä käyttäjätunnus tai salasana');
      expect(screen.getByTestId('where')).toHaveTextContent('/app/login');
      expect(screen.getByLabelText('Salasana')).toHaveValue('');
    });

    it('explains a lock-out (429) and asks for both fields before calling the API', async () => {
      const { calls } = fakeGateway({ signedIn: false, loginStatus: 429 });
      renderAdmin('/app/login');
      await userEvent.click(screen.getByRole('button', { name: 'Kirjaudu sisään' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Anna käyttäjätunnus ja salasana');
      expect(calls).toHaveLength(0);
      await userEvent.type(screen.getByLabelText('Käyttäjätunnus'), 'admin');
      await userEvent.type(screen.getByLabelText('Salasana'), 'x-salasana-1');
      await userEvent.click(screen.getByRole('button', { name: 'Kirjaudu sisään' }));
      expect(await screen.findByText('Liian monta epäonnistunutta yritystä. Yritä myöhemmin uudelleen.')).toBeInTheDocument();
    });

    it('asks to try again in a moment when the gateway is checking too many sign-ins at once (503)', async () => {
      fakeGateway({ signedIn: false, loginStatus: 503 });
      renderAdmin('/app/login');
      await userEvent.type(screen.getByLabelText('Käyttäjätunnus'), 'admin');
      await userEvent.type(screen.getByLabelText('Salasana'), 'x-salasana-1');
      await userEvent.click(screen.getByRole('button', { name: 'Kirjaudu sisään' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Kirjautumisia on juuri nyt liikaa käsittelyssä. Yritä uudelleen hetken kuluttua.');
    });
  });

  describe('without a session', () => {
    it('an admin page sends the browser to /app/login and remembers where it was', async () => {
      fakeGateway({ signedIn: false });
      const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom cannot follow location.assign
      window.history.pushState({}, '', '/app/category-mappings');
      renderAdmin('/app/category-mappings');
      expect(await screen.findByRole('heading', { name: 'Kirjaudu sisään' })).toBeInTheDocument();
      expect(screen.getByTestId('where')).toHaveTextContent('/app/login?next=%2Fapp%2Fcategory-mappings');
      expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBe('/app/category-mappings');
      quiet.mockRestore();
    });
  });

  describe('category mappings screen', () => {
    it('lists unmapped categories with item counts, maps one through the searchable category select, and deletes the mapping', async () => {
      const { calls } = fakeGateway();
      renderAdmin('/app/category-mappings');
      const row = await screen.findByTestId('unmapped-row');
      expect(within(row).getByText('Maidot ja piimät')).toBeInTheDocument();
      expect(within(row).getByText('Maitotuotteet › Maidot ja piimät')).toBeInTheDocument();
      expect(within(row).getByText('12 tuotetta')).toBeInTheDocument();
      expect(within(row).getByText('nyt: Muut')).toBeInTheDocument();
      expect(screen.getByText('Ei kohdistuksia.')).toBeInTheDocument();
      const mapButton = within(row).getByRole('button', { name: 'Kohdista Maidot ja piimät' });
      expect(mapButton).toBeDisabled();

      const picker = within(row).getByRole('combobox', { name: 'Kohdekategoria: Maidot ja piimät' });
      await userEvent.type(picker, 'maito maid');
      const options = within(row).getAllByRole('option');
      expect(options).toHaveLength(1);
      expect(options[0]).toHaveTextContent('Maidot');
      expect(options[0]).toHaveTextContent('Maito, juusto, munat ja rasvat');
      await userEvent.click(options[0]);
      expect(picker).toHaveValue('Maito, juusto, munat ja rasvat › Maidot');
      await userEvent.click(mapButton);

      await waitFor(() => expect(screen.getByText('Kaikki kategoriat on kohdistettu.')).toBeInTheDocument());
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/admin/category-mappings')?.body).toEqual({
        categoryId: 2,
        externalType: 's-group',
        externalId: 'Maitotuotteet > Maidot ja piimät',
      });
      const mapping = await screen.findByTestId('mapping-row');
      expect(within(mapping).getByText('Maito, juusto, munat ja rasvat › Maidot')).toBeInTheDocument();
      expect(within(mapping).getByText('12 tuotetta')).toBeInTheDocument();

      await userEvent.click(within(mapping).getByRole('button', { name: 'Poista kohdistus Maidot ja piimät' }));
      await waitFor(() => expect(screen.queryByTestId('mapping-row')).toBeNull());
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/category-mappings/7')).toBe(true);
      expect(await screen.findByTestId('unmapped-row')).toBeInTheDocument();
    });

    it('chooses a category with the keyboard', async () => {
      fakeGateway();
      renderAdmin('/app/category-mappings');
      const row = await screen.findByTestId('unmapped-row');
      const picker = within(row).getByRole('combobox');
      await userEvent.type(picker, 'juo');
      expect(within(row).getAllByRole('option').map((o) => o.firstChild?.textContent)).toEqual(['Juomat', 'Kasvijuomat']);
      await userEvent.keyboard('{ArrowDown}{Enter}');
      expect(picker).toHaveValue('Juomat › Kasvijuomat');
      expect(within(row).getByRole('button', { name: /Kohdista/ })).toBeEnabled();
    });

    it('signs out and goes to the login page', async () => {
      const { state } = fakeGateway();
      renderAdmin('/app/category-mappings');
      await userEvent.click(await screen.findByRole('button', { name: 'Kirjaudu ulos' }));
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/app/login'));
      expect(state.signedIn).toBe(false);
    });
  });

  describe('helpers', () => {
    it('builds category paths in tree order and matches every word', () => {
      const options = categoryOptions(CATEGORIES);
      expect(options.map((o) => o.id)).toEqual([4, 5, 1, 3, 2, 99]);
      expect(options.find((o) => o.id === 5)?.path).toEqual(['Juomat', 'Kasvijuomat']);
      expect(filterCategoryOptions(options, 'JUUSTO juustot').map((o) => o.id)).toEqual([3]);
      expect(filterCategoryOptions(options, '')).toHaveLength(6);
      // A cycle in bad data does not hang.
      expect(categoryOptions([{ id: 1, name: 'A', slug: 'a', parentCategoryId: 2 }, { id: 2, name: 'B', slug: 'b', parentCategoryId: 1 }])).toEqual([]);
    });

    it('returns only to admin pages of this site', () => {
      expect(safeReturnPath('/app/category-mappings')).toBe('/app/category-mappings');
      for (const bad of ['//evil.example/app/', 'https://evil.example', '/app/login', '/haku', '/app\\..', null]) expect(safeReturnPath(bad)).toBeNull();
      sessionStorage.setItem(RETURN_PATH_KEY, 'https://evil.example');
      expect(takeReturnPath('')).toBe('/app/category-mappings');
      expect(takeReturnPath('?next=%2Fapp%2Fcategory-mappings%3Fa%3D1')).toBe('/app/category-mappings?a=1');
    });
  });
});
