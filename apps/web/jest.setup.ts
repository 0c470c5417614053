import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// React Router uses these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Leaflet is never loaded in unit tests, but components may call scrollTo.
window.scrollTo = () => undefined;
