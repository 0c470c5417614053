import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle, theme } from '@hintakori/web-ui';
import { CrashBoundary } from '../features/errors/components/CrashBoundary';
import { createAppRouter } from './routes';
import { createAppStore } from './store';

export function App() {
  const [store] = useState(createAppStore);
  const [router] = useState(createAppRouter);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <CrashBoundary>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </CrashBoundary>
    </ThemeProvider>
  );
}
