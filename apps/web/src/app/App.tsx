import { useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle, theme } from '@hintakori/web-ui';
import { CrashBoundary } from '../features/errors/components/CrashBoundary';
import { AppRoutes } from './routes';
import { createAppStore } from './store';

export function App() {
  const [store] = useState(createAppStore);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <CrashBoundary>
        <Provider store={store}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Provider>
      </CrashBoundary>
    </ThemeProvider>
  );
}
