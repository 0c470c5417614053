import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders } from '../../test/render';
import { SearchBox } from './SearchBox';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

describe('product search box', () => {
  it("navigates to /haku?search= 500 ms after typing stops", () => {
    jest.useFakeTimers();
    renderWithProviders(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <SearchBox />
              <Where />
            </>
          }
        />
      </Routes>,
    );
    const input = screen.getByRole('searchbox', { name: 'Hae tuotteita' });
    expect(input).toHaveAttribute('placeholder', 'Hae tuotteita');
    fireEvent.change(input, { target: { value: 'mai' } });
    act(() => jest.advanceTimersByTime(300));
    fireEvent.change(input, { target: { value: 'maito' } });
    act(() => jest.advanceTimersByTime(499));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('where')).toHaveTextContent('/haku?search=maito');
    jest.useRealTimers();
  });
});
