import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// React Router uses these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Leaflet is never loaded in unit tests, but components may call scrollTo. (The server render's tests have no window.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// findBy*/waitFor give up after 1 s by default; a loaded CI machine (two cores shared with PostgreSQL and Kafka)
// can take longer to render a lazily loaded screen, which failed a correct test there. A wrong screen still fails.
configure({ asyncUtilTimeout: 5000 });
