/**
 * The guard of a money flow's `system.choose`: only a payment system the list offered may be
 * chosen (a stale or forged id is ignored), for deposits and withdrawals alike.
 */
export const systemOffered = ({ context, event }: { context: { systems: readonly { id: number }[] }; event: { id: number } }) =>
  context.systems.some((s) => s.id === event.id);
