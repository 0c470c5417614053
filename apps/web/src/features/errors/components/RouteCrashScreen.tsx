import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { reportError } from '../reportError';
import { CrashScreen } from './CrashScreen';

/** The router's error element: reports the error, then shows the apology screen. */
export function RouteCrashScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    reportError(error, 'boundary');
  }, [error]);
  return <CrashScreen />;
}
