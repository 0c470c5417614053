const REPLACEMENTS: Record<string, string> = { ä: 'a', ö: 'o', å: 'a', ü: 'u', é: 'e', è: 'e', á: 'a', à: 'a', ß: 'ss', æ: 'ae', ø: 'o' };

/**
 * Finnish-aware URL slug: ä → a, ö → o, å → a (and other common accents stripped), lowercase,
 * every run of non-alphanumerics becomes one '-', no leading or trailing '-'.
 */
export function slugify(text: string): string {
  const lower = text.toLowerCase().replace(/[äöåüéèáàßæø]/g, (ch) => REPLACEMENTS[ch] ?? ch);
  return lower
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Returns slugify(text), made unique against `used` by appending -2, -3 … (and records it). */
export function uniqueSlug(text: string, used: Set<string>, fallbackSuffix?: string): string {
  const base = slugify(text) || 'x';
  let slug = base;
  if (used.has(slug) && fallbackSuffix) slug = `${base}-${slugify(fallbackSuffix)}`;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}
