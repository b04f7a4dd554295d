import { useState } from 'react';

/**
 * A level field's text: the price now until the trader types in it, then what they typed. A
 * panel left open beside the slip (or opened long after the room) starts from the price of this
 * moment, not from the one it was mounted at.
 */
export function usePriceLevel(price: number | null): [string, (typed: string) => void] {
  const [typed, setTyped] = useState<string | null>(null);
  return [typed ?? (price === null ? '' : String(price)), setTyped];
}
