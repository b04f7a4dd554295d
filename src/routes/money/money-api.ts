import type { KyInstance } from 'ky';
import { createContext, useContext } from 'react';
import { createApi, type Api } from '../../api/api';

/** The endpoint groups the money routes call. */
export type MoneyApi = Pick<Api, 'deposit' | 'withdraw' | 'payments' | 'tournaments'>;

export const createMoneyApi = (http: KyInstance): MoneyApi => createApi(http);

const MoneyApiContext = createContext<MoneyApi | null>(null);

/** Given by the composition root (and by route stories, over msw). */
export const MoneyApiProvider = MoneyApiContext.Provider;

export function useMoneyApi(): MoneyApi {
  const api = useContext(MoneyApiContext);
  if (!api) throw new Error('The money routes need a MoneyApiProvider above them');
  return api;
}
