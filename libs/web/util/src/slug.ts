export type SlugTarget = { kind: 'id'; id: number } | { kind: 'search'; text: string };

/**
 * Slug rule: the id is the text after the last hyphen and must be numeric.
 * Otherwise the slug text (hyphens as spaces) is used for a search.
 */
export function parseSlug(slug: string | null | undefined): SlugTarget {
  const value = (slug ?? '').trim();
  const last = value.slice(value.lastIndexOf('-') + 1);
  if (/^\d+$/.test(last)) return { kind: 'id', id: Number(last) };
  return { kind: 'search', text: value.replace(/-+/g, ' ').trim() };
}

/** The id after the last hyphen, or null when it is not numeric. */
export function idFromSlug(slug: string | null | undefined): number | null {
  const target = parseSlug(slug);
  return target.kind === 'id' ? target.id : null;
}

/** `{urlSlug}-{id}`; tolerates an urlSlug that already ends with its id. */
export function entitySlug(entity: { urlSlug: string; id: number }): string {
  const suffix = `-${entity.id}`;
  if (entity.urlSlug.endsWith(suffix) || entity.urlSlug === String(entity.id)) return entity.urlSlug;
  return `${entity.urlSlug}${suffix}`;
}

/** A path segment decoded (`%C3%A4` → `ä`); a segment that is not valid percent-encoding is returned as it is. */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
