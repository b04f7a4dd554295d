/** Multipart bodies carry every value as text (docs/product.md 7: null values as empty strings). */
export function formDataOf(values: Readonly<Record<string, string | null | undefined>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value ?? '');
  return form;
}

/** Query parameters without the empty ones. */
export function searchOf(values: Readonly<Record<string, string | number | null | undefined>>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== null && value !== undefined && value !== '') search.set(name, String(value));
  }
  return search;
}

/** Every call path of the API is under /api; `url` values from the server are paths below it. */
export const apiPath = (path: string) => `api/${path.replace(/^\/+/, '')}`;
