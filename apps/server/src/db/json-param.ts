/**
 * A value as a json/jsonb query parameter. PostgreSQL's text and jsonb cannot hold U+0000, and
 * what the engine read from a site (a title, a check's data) may contain it: a crawl once ended on
 * "unsupported Unicode escape sequence". NULs are dropped from every string on the way in.
 */
export function jsonParam(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    typeof field === 'string' && field.includes('\0') ? field.replaceAll('\0', '') : field,
  );
}
