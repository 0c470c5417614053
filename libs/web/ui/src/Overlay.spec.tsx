import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { Modal, SlideOver } from './Overlay';
import { theme } from './theme';

describe('overlays', () => {
  it('are named dialogs; Escape closes only the topmost one', () => {
    const closeCart = jest.fn();
    const closeBuy = jest.fn();
    render(
      <ThemeProvider theme={theme}>
        <SlideOver open onClose={closeCart} title="Ostoskori" side="right">
          <button type="button">Vertaa</button>
        </SlideOver>
        <Modal open onClose={closeBuy} title="Osta">
          <p>sisältö</p>
        </Modal>
      </ThemeProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Ostoskori' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Osta' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(closeBuy).toHaveBeenCalledTimes(1);
    expect(closeCart).not.toHaveBeenCalled();
  });

  it('closes with the labelled close button', () => {
    const onClose = jest.fn();
    render(
      <ThemeProvider theme={theme}>
        <Modal open onClose={onClose} title="Jaa" />
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sulje' }));
    expect(onClose).toHaveBeenCalled();
  });
});
