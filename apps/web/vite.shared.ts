import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/** A path relative to apps/web. */
export const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The web libraries (and the shared util library) by their package names, as in tsconfig.json, for the browser and the server build alike. */
export const webAliases: Alias[] = [
  { find: '@hintakori/web-ui', replacement: here('../../libs/web/ui/src/index.ts') },
  { find: '@hintakori/web-util', replacement: here('../../libs/web/util/src/index.ts') },
  // The one shared (non-web) library the web app uses: the data sources' Finnish names and licences.
  { find: '@hintakori/shared-util', replacement: here('../../libs/shared/util/src/index.ts') },
  // React Router's package exports only its development build (extra checks and warnings); the builds use the
  // production one it ships beside it.
  { find: /^react-router$/, replacement: here('../../node_modules/react-router/dist/production/index.mjs') },
];

/** Vite 8 transforms TS/TSX with Oxc; the automatic runtime avoids importing React in every file. */
export const oxcJsx = { jsx: { runtime: 'automatic', importSource: 'react' } } as const;
