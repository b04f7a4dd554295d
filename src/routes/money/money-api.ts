import type { KyInstance } from 'ky';
import { createContext, useContext } from 'react';
import { depositEndpoints } from '../../api/endpoints/deposit';
import { paymentsEndpoints } from '../../api/endpoints/payments';
import { tournamentsEndpoints } from '../../api/endpoints/tournaments';
import { withdrawEndpoints } from '../../api/endpoints/withdraw';

/** The endpoint groups the money routes call. */
export interface MoneyApi {
  deposit: ReturnType<typeof depositEndpoints>;
  withdraw: ReturnType<typeof withdrawEndpoints>;
  payments: ReturnType<typeof paymentsEndpoints>;
  tournaments: ReturnType<typeof tournamentsEndpoints>;
}

export const createMoneyApi = (http: KyInstance): MoneyApi => ({
  deposit: depositEndpoints(http),
  withdraw: withdrawEndpoints(http),
  payments: paymentsEndpoints(http),
  tournaments: tournamentsEndpoints(http),
});

const MoneyApiContext = createContext<MoneyApi | null>(null);

/** Given by the composition root (and by route stories, over msw). */
export const MoneyApiProvider = MoneyApiContext.Provider;

export function useMoneyApi(): MoneyApi {
  const api = useContext(MoneyApiContext);
  if (!api) throw new Error('The money routes need a MoneyApiProvider above them');
  return api;
}
