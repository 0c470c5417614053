import { isPictureHost } from '@hintakori/shared-util';
import type { FeedOffer, FeedProduct, FeedStore, RecordKind } from '../feeds/feed-record';

/**
 * What strangers write, made safe before it is published. Every store, product and offer of every source passes the
 * feed runner (feed-runner.ts, `publishChunk`) on its way to the events, so that is where this runs: one place for all
 * the adapters (a parser of its own for each would be one place per source to forget), and before the registries and
 * the "changed since last published" memory see the record, so a cleaned name is remembered as published.
 *
 * A name:
 * - loses C0 and C1 control characters (NUL, DEL, …; a tab, CR or LF becomes a space) and the line and paragraph
 *   separators U+2028/U+2029 (a space), and its runs of spaces;
 * - loses what it starts with that a spreadsheet reads as a formula (= + - @ and their full-width forms, and spaces),
 *   so `=HYPERLINK("https://x/")` is `HYPERLINK("https://x/")` (the CSV export escapes formulae as well);
 * - is at most MAX_NAME_LENGTH characters: a longer one is cut at the last word boundary before it.
 * A record whose name is empty after that is rejected. A picture is kept only when it is an `https` URL on one of the
 * picture hosts (PICTURE_HOSTS of shared-util: those the site's img-src allows) or a picture of the site's own
 * (`/images/…`, the demo data's); any other (a `javascript:` or `http:` URL, an unknown host) is dropped.
 * Each change is counted in the run's report (rejectedByReason) under a key starting with "cleaned:".
 */

/** The longest name, in characters (code points). */
export const MAX_NAME_LENGTH = 300;
/** The longest URL slug (the adapters make it from the name). */
export const MAX_SLUG_LENGTH = 200;

export const CLEANED = {
  controls: 'cleaned: control characters or line separators removed from a name',
  formula: 'cleaned: formula characters (= + - @) removed from the start of a name',
  cut: `cleaned: name longer than ${MAX_NAME_LENGTH} characters cut`,
  picture: 'cleaned: picture dropped (not https on a known picture host)',
} as const;

// C0 and C1 controls and DEL (tab, CR and LF among them), and the Unicode line and paragraph separators.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const HAS_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// What a spreadsheet takes for the start of a formula, in ASCII and full width, and the spaces among them.
const FORMULA_START = /^[\s=+\-@\uff1d\uff0b\uff0d\uff20]+/;

export interface CleanedText {
  value: string;
  /** The report's keys of what was changed (CLEANED values). */
  changes: string[];
}

/** A name made safe (see above); '' when nothing of it is left. */
export function cleanName(raw: string, maxLength = MAX_NAME_LENGTH): CleanedText {
  const changes: string[] = [];
  // A name far beyond the limit is only read as far as the cut needs (two UTF-16 units a character at most).
  let text = raw.length > maxLength * 4 ? raw.slice(0, maxLength * 4) : raw;
  const tooLong = raw.length > maxLength * 4;
  if (HAS_CONTROL.test(text)) {
    changes.push(CLEANED.controls);
    text = text.replace(CONTROLS, ' ');
  }
  text = text.replace(/\s+/g, ' ').trim();
  const stripped = text.replace(FORMULA_START, '');
  if (stripped !== text) changes.push(CLEANED.formula);
  text = stripped.trim();
  const chars = Array.from(text);
  if (tooLong || chars.length > maxLength) {
    changes.push(CLEANED.cut);
    text = cutAtWord(chars, maxLength);
  }
  return { value: text, changes };
}

/** The first `max` characters, cut back to the last space when there is one in the second half. */
function cutAtWord(chars: string[], max: number): string {
  if (chars.length <= max) return chars.join('');
  const head = chars.slice(0, max);
  if (/\s/.test(chars[max])) return head.join('').trimEnd();
  const space = head.lastIndexOf(' ');
  return (space >= max / 2 ? head.slice(0, space) : head).join('').trimEnd();
}

/** A slug at most MAX_SLUG_LENGTH long, cut at a hyphen when it can be. */
function cleanSlug(slug: string): string {
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const head = slug.slice(0, MAX_SLUG_LENGTH);
  const hyphen = head.lastIndexOf('-');
  return (hyphen >= MAX_SLUG_LENGTH / 2 ? head.slice(0, hyphen) : head).replace(/-+$/, '');
}

/** A picture of the site's own (the demo data's `/images/products/…`): a plain path under /images/. */
const OWN_PICTURE = /^\/images\/[A-Za-z0-9._~\-/]+$/;

/** The picture URL to publish, or null: https on a picture host, or one of the site's own pictures. */
export function checkedPicture(raw: string): string | null {
  if (OWN_PICTURE.test(raw) && !raw.includes('..')) return raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return null;
  return isPictureHost(url.hostname) ? url.href : null;
}

/** What cleaning a chunk's records gives: the records to publish, those rejected, and the counts by reason. */
export interface CleanedRecords {
  stores: FeedStore[];
  products: FeedProduct[];
  offers: FeedOffer[];
  rejects: { recordKind: RecordKind; reason: string; raw: unknown; line: number }[];
  /** CLEANED key → records changed that way. */
  counts: Record<string, number>;
}

/** Cleans the names and pictures of a chunk's stores, products and offers (see above). */
export function cleanRecords(stores: readonly FeedStore[], products: readonly FeedProduct[], offers: readonly FeedOffer[]): CleanedRecords {
  const out: CleanedRecords = { stores: [], products: [], offers: [], rejects: [], counts: {} };
  const count = (keys: Iterable<string>) => {
    for (const key of new Set(keys)) out.counts[key] = (out.counts[key] ?? 0) + 1;
  };
  const name = (recordKind: RecordKind, raw: unknown, value: string, what: string): string | null => {
    const cleaned = cleanName(value);
    if (cleaned.value === '') {
      out.rejects.push({ recordKind, reason: `${what} has no name left after cleaning`, raw: summary(raw), line: 0 });
      return null;
    }
    count(cleaned.changes);
    return cleaned.value;
  };
  const picture = (value: string | null): string | null => {
    if (value === null || value === '') return value;
    const checked = checkedPicture(value);
    if (checked === null) count([CLEANED.picture]);
    return checked;
  };
  for (const store of stores) {
    const cleaned = name('store', store, store.name, `store ${store.externalId}`);
    if (cleaned === null) continue;
    out.stores.push(cleaned === store.name && store.urlSlug.length <= MAX_SLUG_LENGTH ? store : { ...store, name: cleaned, urlSlug: cleanSlug(store.urlSlug) });
  }
  for (const product of products) {
    const cleaned = name('product', product, product.name, `product ${product.ean}`);
    if (cleaned === null) continue;
    const pictureUrl = picture(product.pictureUrl);
    out.products.push(
      cleaned === product.name && pictureUrl === product.pictureUrl && product.urlSlug.length <= MAX_SLUG_LENGTH
        ? product
        : { ...product, name: cleaned, pictureUrl, urlSlug: cleanSlug(product.urlSlug) },
    );
  }
  for (const offer of offers) {
    const cleaned = name('offer', offer, offer.name, `offer of ${offer.ean}`);
    if (cleaned === null) continue;
    const image = picture(offer.image);
    out.offers.push(cleaned === offer.name && image === offer.image ? offer : { ...offer, name: cleaned, image });
  }
  return out;
}

/** A rejected record for its dead letter, a long name shortened (the dead letter is not the place for a megabyte). */
function summary(raw: unknown): unknown {
  const record = raw as { name?: unknown };
  return typeof record.name === 'string' && record.name.length > 2000 ? { ...record, name: `${record.name.slice(0, 2000)}…` } : raw;
}
