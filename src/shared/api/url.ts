/** Query values: only truthy ones are sent (spec §5); arrays become repeated keys. */
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type QueryParams = Record<string, QueryValue>;
export type PathParams = Record<string, string | number>;

export const URL_ERRORS = {
  NO_PARAMS: 'Client API: Не переданы параметры для создания динамического URL',
  MISMATCH: 'Client API: Параметры не соответствуют шаблону динамического URL',
} as const;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Builds `base + path` with `{name}` placeholders substituted and truthy query params appended.
 * Throws the spec's two 'Client API: …' errors for missing or mismatched placeholders.
 */
export function buildUrl(base: string, path: string, params?: PathParams, query?: QueryParams): string {
  let resolved = path;
  if (PLACEHOLDER.test(path)) {
    PLACEHOLDER.lastIndex = 0;
    if (!params || Object.keys(params).length === 0) throw new Error(URL_ERRORS.NO_PARAMS);
    resolved = path.replace(PLACEHOLDER, (placeholder, name: string) => {
      const value = params[name];
      return value === undefined || value === '' ? placeholder : encodeURIComponent(String(value));
    });
    if (/\{\w+\}/.test(resolved)) throw new Error(URL_ERRORS.MISMATCH);
  }
  const search = toSearchParams(query).toString();
  return `${base}${resolved}${search ? `?${search}` : ''}`;
}

function toSearchParams(query: QueryParams | undefined): URLSearchParams {
  const search = new URLSearchParams();
  if (!query) return search;
  for (const [key, value] of Object.entries(query)) {
    if (!value) continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  return search;
}
