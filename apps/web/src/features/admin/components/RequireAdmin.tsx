import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { CenteredSpinner, ErrorBox } from '@hintakori/web-ui';
import { useGetAdminSessionQuery } from '../admin.api';
import { rememberReturnPath } from '../return-path';

/**
 * Shows its children to a signed-in admin. Without a session the API answers 401 and the request layer
 * sends the browser to /app/login (spec §8); this page is remembered so the login page can return here.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // Remember before the session call can answer 401 and reload the page into /app/login.
  rememberReturnPath(here);
  useEffect(() => rememberReturnPath(here), [here]);
  const { data, error, isLoading } = useGetAdminSessionQuery();
  if (isLoading) return <CenteredSpinner />;
  if (error && 'status' in error && error.status === 401) return <Navigate to={`/app/login?next=${encodeURIComponent(here)}`} replace />;
  if (error || !data) return <ErrorBox role="alert">Jotain meni pieleen. Yritä uudestaan.</ErrorBox>;
  return <>{children}</>;
}
