/** Where the login page sends an admin back to (the admin page that asked them to sign in). */
export const RETURN_PATH_KEY = 'hintakori.adminReturnTo';
export const DEFAULT_ADMIN_PATH = '/app/category-mappings';

/** Only an admin page of this site: never another origin (`//evil`, `https:`), never the login page itself. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/app/') || raw.startsWith('//') || raw.includes('\\')) return null;
  if (raw.startsWith('/app/login')) return null;
  return raw;
}

/** Remembered before an admin call can answer 401 (the request layer then reloads into /app/login). */
export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // Storage disabled: the admin lands on the default page after signing in.
  }
}

/** ?next= first, then the remembered admin page, then the mappings page. */
export function takeReturnPath(search: string): string {
  const fromQuery = safeReturnPath(new URLSearchParams(search).get('next'));
  let remembered: string | null = null;
  try {
    remembered = safeReturnPath(sessionStorage.getItem(RETURN_PATH_KEY));
    sessionStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    // ignore
  }
  return fromQuery ?? remembered ?? DEFAULT_ADMIN_PATH;
}
