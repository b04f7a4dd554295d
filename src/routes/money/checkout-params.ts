/** `?name=123` as a positive integer, else null (the checkout's return: ?deposit_id=N, ?purchase_id=N). */
export function idParam(search: string, name: string): number | null {
  const value = new URLSearchParams(search).get(name);
  return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/**
 * The effect every flow that goes to the provider's checkout is provided with (the deposit and
 * purchase screens, a pending deposit resumed from the finances list). The checkout sends the
 * browser back with the payment's id, and the return page asks the server for the rest.
 */
export const checkoutNavigation = {
  navigateExternal: (_: unknown, { url }: { url: string }) => window.location.assign(url),
};
