import { DEV_BUILD, siteMatches } from './lib/config';
import { SHOPS } from './shops';

export type Target = 'chromium' | 'firefox';

/**
 * Manifest V3 for each browser. Permissions are only `storage` plus the Hintakori hosts (the API the
 * background worker calls); the shops are reached by content scripts alone (no host permission: the worker never
 * calls a shop). The toolbar button opens the popup (the price-sharing consent). The production build names only
 * the production site and the shops; a development build (`dev`) adds the local site on any port.
 */
export function manifest(target: Target, version: string, { dev = DEV_BUILD }: { dev?: boolean } = {}): Record<string, unknown> {
  const shopMatches = SHOPS.flatMap((shop) => shop.matches);
  const site = siteMatches(dev);
  return {
    manifest_version: 3,
    name: dev ? 'Hintakori (kehitys)' : 'Hintakori',
    short_name: 'Hintakori',
    version,
    description: 'Vertaa hintoja S-kauppojen ja K-Ruoan sivuilla valitsemissasi kaupoissa ja vie Hintakorin ostoskorin ostoslistaksi verkkokauppaan.',
    homepage_url: 'https://hintakori.fi/lisaosa',
    icons: { '48': 'icons/icon-48.png', '128': 'icons/icon-128.png' },
    permissions: ['storage'],
    host_permissions: site,
    background: target === 'chromium' ? { service_worker: 'background.js' } : { scripts: ['background.js'] },
    content_scripts: [
      { matches: site, js: ['site.js'], run_at: 'document_start' },
      { matches: shopMatches, js: ['shop.js'], run_at: 'document_idle' },
    ],
    action: { default_popup: 'popup.html', default_title: 'Hintakori', default_icon: { '48': 'icons/icon-48.png', '128': 'icons/icon-128.png' } },
    options_ui: { page: 'options.html', open_in_tab: false },
    ...(target === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'lisaosa@hintakori.fi',
              strict_min_version: '140.0',
              // Nothing is collected unless the shopper turns price sharing on (the popup asks Firefox for this then).
              data_collection_permissions: { required: ['none'], optional: ['websiteContent'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : { minimum_chrome_version: '120' }),
  };
}
