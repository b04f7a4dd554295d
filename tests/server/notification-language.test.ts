import { expect, test } from 'vitest';
import { useTestServer as testServer } from './harness';
import { createTrader } from './money-fixtures';
import { recordNotice } from '../../server/src/modules/wallet/money-change';
import { createBetResultNotifications } from '../../server/src/modules/bets/result-notification';
import type { Bet } from '../../src/api/contract/bets';

/**
 * Texts the server writes are stored as a message key and values, so each reader reads them in
 * the language they use now, not the one the notification was created in (issue 11, item 11).
 */
const server = testServer();
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

test('a money notice written in Russian reads in English for an English reader, and back', async () => {
  const trader = await createTrader(server, { locale: 'ru' });
  const live = await server.database.db.transaction().execute((trx) =>
    recordNotice(trx, { userId: trader.id, key: 'money.notice.deposit_credited', params: { amount: 1000 }, type: 'success', redirectUrl: '/finances' }),
  );
  // The live copy goes out in the trader's stored language, money written the Russian way.
  expect(plain(live.title)).toBe('Пополнение на 1 000,00 $ зачислено на основной счёт');

  const read = async (language: string) => {
    const response = await server.app.inject({ method: 'GET', url: '/api/content/menu', headers: { ...trader.headers, 'accept-language': language } });
    return (response.json().notifications as { title: string }[]).map((n) => plain(n.title));
  };
  expect(await read('en')).toEqual(['Your deposit of $1,000.00 has been credited to the main wallet']);
  expect(await read('ru')).toEqual(['Пополнение на 1 000,00 $ зачислено на основной счёт']);
});

test('a bet result keeps its bold pair, shows a loss with the real minus sign, and is safe HTML', async () => {
  const trader = await createTrader(server, { locale: 'en' });
  const bet = { id: 1, symbol: 'EUR/<i>USD', status: 'lost', amount: 10, profit: -10 } as unknown as Bet;
  const [notification] = await server.database.db.transaction().execute((trx) =>
    createBetResultNotifications(trx, [{ userId: trader.id, locale: 'en', bet }]),
  );
  expect(notification!.title).toBe('Bet on <b>EUR/&lt;i&gt;USD</b> lost: \u2212$10.00');
});
