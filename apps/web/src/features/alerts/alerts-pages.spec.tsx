import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { fakeResponse, renderWithProviders } from '../../test/render';
import { ConfirmAlertPage } from './components/ConfirmAlertPage';
import { ManageAlertsPage } from './components/ManageAlertsPage';

const TOKEN = 'A'.repeat(43);

interface Call {
  method: string;
  url: string;
}

/** A fake gateway whose answers wait until the test lets them go, so the page can be seen while a request runs. */
function fakeGateway() {
  const calls: Call[] = [];
  const waiting: (() => void)[] = [];
  global.fetch = jest.fn((url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url });
    const answer = () => {
      if (method === 'POST' && url === `/api/alerts/confirm/${TOKEN}`) return fakeResponse(200, { manageToken: 'M'.repeat(43), itemName: 'Kahvi', watches: 1 });
      if (method === 'POST' && url === `/api/alerts/unsubscribe/${TOKEN}`) return fakeResponse(200, { unsubscribed: true });
      if (method === 'GET' && url === `/api/alerts/manage/${TOKEN}`) return fakeResponse(200, { email: 'matti@example.fi', watches: [] });
      return fakeResponse(404, { statusCode: 404, message: `no route ${method} ${url}` });
    };
    return new Promise<Response>((resolve) => waiting.push(() => resolve(answer())));
  }) as unknown as typeof fetch;
  return {
    calls,
    /** Lets every request made so far answer. */
    async answer() {
      await act(async () => {
        for (const release of waiting.splice(0)) release();
      });
    },
  };
}

/** Lets the page's effects and any request they would start run (a request on load would be in `calls` after this). */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

function renderPage(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/hintavahti/vahvista/:token" element={<ConfirmAlertPage />} />
      <Route path="/hintavahti/:manageToken" element={<ManageAlertsPage />} />
    </Routes>,
    { route },
  );
}

describe('the confirmation page', () => {
  it('confirms nothing when it is opened (a mail scanner running its script), only when its button is pressed', async () => {
    const gateway = fakeGateway();
    renderPage(`/hintavahti/vahvista/${TOKEN}`);
    await settle();
    expect(gateway.calls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Vahvista hintavahti' }));
    expect(gateway.calls).toEqual([{ method: 'POST', url: `/api/alerts/confirm/${TOKEN}` }]);
    // While the request runs the button says so and takes no second press.
    const busy = screen.getByRole('button', { name: 'Hetki…' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    expect(gateway.calls).toHaveLength(1);

    await gateway.answer();
    expect(await screen.findByRole('status')).toHaveTextContent('Hintavahti on vahvistettu: saat sähköpostia, kun tuotteen Kahvi hinta laskee.');
    expect(screen.getByRole('link', { name: 'Hallitse hintavahteja' })).toHaveAttribute('href', `/hintavahti/${'M'.repeat(43)}`);
  });

  it('says in Finnish when the link is unknown or used, and offers no button that cannot help', async () => {
    const gateway = fakeGateway();
    renderPage('/hintavahti/vahvista/tuntematon-linkki');
    await userEvent.click(screen.getByRole('button', { name: 'Vahvista hintavahti' }));
    await gateway.answer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Vahvistuslinkki on tuntematon tai jo käytetty.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the stop link of the mails (?lopeta=1)', () => {
  it('stops nothing when it is opened, only when "Lopeta kaikki hintavahdit" is pressed', async () => {
    const gateway = fakeGateway();
    renderPage(`/hintavahti/${TOKEN}?lopeta=1`);
    await settle();
    expect(gateway.calls.filter((c) => c.method !== 'GET')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Lopeta kaikki hintavahdit' }));
    expect(gateway.calls.filter((c) => c.method !== 'GET')).toEqual([{ method: 'POST', url: `/api/alerts/unsubscribe/${TOKEN}` }]);
    expect(screen.getByRole('button', { name: 'Hetki…' })).toBeDisabled();

    await gateway.answer();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Ilmoitukset on lopetettu ja sähköpostiosoitteesi poistettu.'));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
