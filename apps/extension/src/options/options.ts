// Options page: the Hintakori base URL (production by default; a development build also takes a local standalone profile).
import { ext } from '../lib/browser';
import { allowedBaseUrlsText, normaliseBaseUrl, PRODUCTION_BASE_URL } from '../lib/config';
import { STORAGE } from '../lib/messages';

const form = document.getElementById('settings') as HTMLFormElement;
const input = document.getElementById('base-url') as HTMLInputElement;
const status = document.getElementById('status') as HTMLElement;
const siteBase = document.getElementById('site-base-url') as HTMLElement;
const allowed = document.getElementById('allowed-base-urls') as HTMLElement;
allowed.textContent = allowedBaseUrlsText();

function say(text: string, isError = false): void {
  status.textContent = text;
  status.className = isError ? 'error' : '';
}

void ext.storage.local.get([STORAGE.baseUrl, STORAGE.siteBaseUrl]).then((stored) => {
  const own = stored[STORAGE.baseUrl];
  const site = stored[STORAGE.siteBaseUrl];
  input.value = typeof own === 'string' ? own : '';
  siteBase.textContent = (typeof site === 'string' && normaliseBaseUrl(site)) || PRODUCTION_BASE_URL;
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (input.value.trim() === '') {
    void ext.storage.local.remove(STORAGE.baseUrl).then(() => say('Tallennettu: käytetään oletusta.'));
    return;
  }
  const base = normaliseBaseUrl(input.value);
  if (!base) {
    say(`Osoitteen pitää olla ${allowedBaseUrlsText()}.`, true);
    return;
  }
  input.value = base;
  void ext.storage.local.set({ [STORAGE.baseUrl]: base }).then(() => say(`Tallennettu: ${base}`));
});

document.getElementById('reset')?.addEventListener('click', () => {
  input.value = '';
  void ext.storage.local.remove(STORAGE.baseUrl).then(() => say('Palautettu oletus.'));
});
