/** Public link to a shared cart. */
export function shareUrl(cartId: string, origin: string = window.location.origin): string {
  return `${origin}/ostoskorit/${encodeURIComponent(cartId)}`;
}

export function socialLinks(url: string, text = 'Katso ostoskorini Hintakorissa') {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${t}%20${u}` },
    { name: 'Telegram', href: `https://t.me/share/url?url=${u}&text=${t}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: 'Sähköposti', href: `mailto:?subject=${t}&body=${u}` },
  ];
}

/** Copies text with the clipboard API, falling back to the legacy copy command. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy command
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  document.body.removeChild(area);
  return ok;
}
