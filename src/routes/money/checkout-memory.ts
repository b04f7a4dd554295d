/**
 * The provider's checkout sends the browser back with the payment's id only
 * (/deposit?deposit_id=N, /purchase?purchase_id=N); the check url it must be asked with is kept
 * here for the tab's life, as a real checkout return would need.
 */
type Kind = 'deposit' | 'purchase';

interface Remembered {
  checkUrl: string;
  /** What a purchase was buying, to offer it again after a failure. */
  productId?: number | null;
}

const keyOf = (kind: Kind, id: number) => `money.checkout.${kind}.${id}`;

export function rememberCheckout(kind: Kind, id: number, value: Remembered): void {
  try {
    sessionStorage.setItem(keyOf(kind, id), JSON.stringify(value));
  } catch {
    // Storage may be disabled; the return then starts a fresh payment screen.
  }
}

export function recallCheckout(kind: Kind, id: number): Remembered | null {
  try {
    const raw = sessionStorage.getItem(keyOf(kind, id));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Remembered>;
    return typeof value.checkUrl === 'string' ? { checkUrl: value.checkUrl, productId: typeof value.productId === 'number' ? value.productId : null } : null;
  } catch {
    return null;
  }
}

/** `?name=123` as a positive integer, else null. */
export function idParam(search: string, name: string): number | null {
  const value = new URLSearchParams(search).get(name);
  return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/**
 * The checkout effects a deposit's machine is provided with (the deposit screen, and a pending
 * deposit resumed from the finances list): leave for the provider, remembering its check url.
 */
export const depositCheckoutActions = {
  navigateExternal: (_: unknown, { url }: { url: string }) => window.location.assign(url),
  rememberCheckout: (_: unknown, { id, checkUrl }: { id: number; checkUrl: string }) => rememberCheckout('deposit', id, { checkUrl }),
};
