import { createContext, useContext } from 'react';

/**
 * True while the server renders a new visitor's first screen (src/server/first-screen.tsx). That copy is plain HTML
 * until the app takes over, so the few controls that can work without JavaScript are rendered so that they do:
 * the menu opens as a native popover (FirstScreenDrawer), the search box is a form that submits to /haku.
 */
export const ServerCopyContext = createContext(false);

export const useServerCopy = (): boolean => useContext(ServerCopyContext);

/** The id of the server copy's menu (a popover); app/first-screen.ts opens the app's menu in its place. */
export const SERVER_DRAWER_ID = 'fs-drawer';
