import { chromium } from 'playwright-core';

export const BASE_URL = (process.env.BASE_URL || 'http://localhost:3000').replace(/\/$/, '');
export const HELSINKI = {
  latitude: Number(process.env.GEO_LAT || 60.1699),
  longitude: Number(process.env.GEO_LONG || 24.9384),
};

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A fresh browser context (own local storage) at the given viewport width. */
export async function newContext(browser, width = 1280) {
  const height = width < 600 ? 844 : 900;
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'fi-FI',
    timezoneId: 'Europe/Helsinki',
    geolocation: HELSINKI,
    permissions: ['geolocation', 'clipboard-read', 'clipboard-write'],
    isMobile: width < 600,
    hasTouch: width < 600,
  });
  context.setDefaultTimeout(20_000);
  return context;
}

/** Parses '12,34 €' into cents. */
export function cents(text) {
  const m = /(\d+),(\d{2})\s*€/.exec(text);
  return m ? Number(m[1]) * 100 + Number(m[2]) : NaN;
}
