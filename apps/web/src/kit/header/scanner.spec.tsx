import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fakeResponse, renderWithProviders, sampleItem } from '../../test/render';
import { ScannerDialog } from './ScannerDialog';

const requested: string[] = [];

beforeEach(() => {
  requested.length = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    requested.push(url.pathname);
    if (url.pathname === '/api/items/byEan/6408430000036') return fakeResponse(200, sampleItem(7, { name: 'Maito 1 l', urlSlug: 'maito-1-l' }));
    return fakeResponse(404, { statusCode: 404, message: 'No product has the EAN', error: 'Not Found' });
  }) as unknown as typeof fetch;
});

function open(onTextSearch = jest.fn()) {
  renderWithProviders(
    <Routes>
      <Route path="/" element={<ScannerDialog open onClose={() => undefined} onTextSearch={onTextSearch} />} />
      <Route path="/tuotteet/:slug" element={<p>tuotesivu</p>} />
    </Routes>,
  );
  return onTextSearch;
}

const type = (digits: string) => {
  fireEvent.change(screen.getByLabelText('Viivakoodin numerot'), { target: { value: digits } });
  fireEvent.click(screen.getByRole('button', { name: 'Hae' }));
};

describe('ScannerDialog', () => {
  it('without a camera says so in Finnish and takes typed digits, checking them before it asks', async () => {
    open();
    expect(await screen.findByTestId('camera-off')).toHaveTextContent('Tämä selain ei anna käyttää kameraa');
    type('6408430000037');
    expect(await screen.findByText('Viivakoodin tarkistusnumero ei täsmää: tarkista numerot.')).toBeInTheDocument();
    type('640843');
    expect(await screen.findByText('Viivakoodissa on 8 tai 13 numeroa (EAN-8 tai EAN-13).')).toBeInTheDocument();
    type('64084300a0036');
    expect(await screen.findByText('Viivakoodissa voi olla vain numeroita.')).toBeInTheDocument();
    expect(requested).toEqual([]);
    expect(screen.getByLabelText('Viivakoodin numerot')).toHaveValue('64084300a0036');
  });

  it('says an unknown code in Finnish and offers a text search', async () => {
    const onTextSearch = open();
    type('2000000000015');
    expect(await screen.findByTestId('scanner-unknown')).toHaveTextContent('Viivakoodilla 2000000000015 ei löytynyt tuotetta.');
    fireEvent.click(screen.getByRole('button', { name: 'Hae tuotetta nimellä' }));
    expect(onTextSearch).toHaveBeenCalled();
  });

  it('opens the product page of a known code', async () => {
    open();
    type('6408 4300 0003 6');
    await waitFor(() => expect(screen.getByText('tuotesivu')).toBeInTheDocument());
    expect(requested).toEqual(['/api/items/byEan/6408430000036']);
  });
});
