/** The Finnish e-mails of the alerts service, each as plain text and HTML. */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface Drop {
  watchId: number;
  itemId: number;
  itemName: string;
  itemSlug: string;
  storeId: number;
  storeName: string;
  /** Cents; null when no earlier price was known (a target watch whose first price is already under the target). */
  oldPrice: number | null;
  newPrice: number;
  targetPrice: number | null;
}

/** 249 → "2,49 €" (integer cents in, Finnish notation out). */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')} €`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const layout = (title: string, body: string) =>
  `<!doctype html><html lang="fi"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:Arial,Helvetica,sans-serif;color:#1d2327;max-width:600px;margin:0 auto;padding:16px">` +
  `<h1 style="font-size:20px;color:#0b6b3a">Hintakori</h1>${body}</body></html>`;

export const CONFIRMATION_SUBJECT = 'Vahvista hintavahti Hintakorissa';

/**
 * The double opt-in mail. It goes to an address nobody has confirmed, so it says only what Hintakori itself writes:
 * no product or store name (those come from sources anyone can write to), nothing the requester chose, just the link.
 */
export function confirmationMail(input: { confirmUrl: string; hours: number }): RenderedMail {
  const subject = CONFIRMATION_SUBJECT;
  const text = [
    'Hei!',
    '',
    'Hintakorissa pyydettiin hintavahtia tähän sähköpostiosoitteeseen: ilmoitus sähköpostilla, kun tuotteen hinta laskee.',
    '',
    `Vahvista hintavahti avaamalla tämä linkki ${input.hours} tunnin kuluessa ja painamalla sivun painiketta:`,
    input.confirmUrl,
    '',
    'Näet tuotteen ja kaupat vahvistettuasi. Jos et pyytänyt tätä, voit jättää viestin huomiotta: ilman vahvistusta osoitteeseesi ei lähetetä mitään, ja pyyntö poistetaan.',
    '',
    '– Hintakori',
  ].join('\n');
  const html = layout(
    subject,
    '<p>Hei!</p><p>Hintakorissa pyydettiin hintavahtia tähän sähköpostiosoitteeseen: ilmoitus sähköpostilla, kun tuotteen hinta laskee.</p>' +
      `<p><a href="${escapeHtml(input.confirmUrl)}" style="display:inline-block;background:#0b6b3a;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">Vahvista hintavahti</a></p>` +
      `<p>Linkki on voimassa ${input.hours} tuntia. Näet tuotteen ja kaupat vahvistettuasi.</p>` +
      '<p style="color:#555">Jos et pyytänyt tätä, voit jättää viestin huomiotta: ilman vahvistusta osoitteeseesi ei lähetetä mitään, ja pyyntö poistetaan.</p>',
  );
  return { subject, text, html };
}

export function dropsMail(input: { drops: Drop[]; publicUrl: string; manageUrl: string; unsubscribeUrl: string }): RenderedMail {
  const { drops } = input;
  const subject = drops.length === 1 ? `Hinta laski: ${drops[0].itemName}` : `Hinnat laskivat: ${drops.length} seuraamaasi tuotetta`;
  const link = (d: Drop) => `${input.publicUrl}/tuotteet/${encodeURIComponent(d.itemSlug)}`;
  const change = (d: Drop) => (d.oldPrice === null ? euros(d.newPrice) : `${euros(d.oldPrice)} → ${euros(d.newPrice)}`);
  const text = [
    'Hei!',
    '',
    drops.length === 1 ? 'Seuraamasi tuotteen hinta laski:' : 'Seuraamiesi tuotteiden hinnat laskivat:',
    '',
    ...drops.flatMap((d) => [`${d.itemName} – ${d.storeName}: ${change(d)}`, link(d), '']),
    `Hallitse hintavahteja: ${input.manageUrl}`,
    `Lopeta kaikki ilmoitukset: ${input.unsubscribeUrl}`,
    '',
    '– Hintakori',
  ].join('\n');
  const rows = drops
    .map(
      (d) =>
        `<tr><td style="padding:6px 8px 6px 0"><a href="${escapeHtml(link(d))}">${escapeHtml(d.itemName)}</a></td>` +
        `<td style="padding:6px 8px">${escapeHtml(d.storeName)}</td>` +
        `<td style="padding:6px 0;white-space:nowrap">${d.oldPrice === null ? '' : `<s>${euros(d.oldPrice)}</s> → `}<strong>${euros(d.newPrice)}</strong></td></tr>`,
    )
    .join('');
  const html = layout(
    subject,
    `<p>Hei!</p><p>${drops.length === 1 ? 'Seuraamasi tuotteen hinta laski:' : 'Seuraamiesi tuotteiden hinnat laskivat:'}</p>` +
      `<table style="border-collapse:collapse"><thead><tr><th align="left">Tuote</th><th align="left">Kauppa</th><th align="left">Hinta</th></tr></thead><tbody>${rows}</tbody></table>` +
      `<p><a href="${escapeHtml(input.manageUrl)}">Hallitse hintavahteja</a> · <a href="${escapeHtml(input.unsubscribeUrl)}">Lopeta kaikki ilmoitukset</a></p>`,
  );
  return { subject, text, html };
}
