import { http } from 'msw';
import { depositSystemsIn, leaderboard, tournamentEntry, tournamentEntryIn, weeklyTournament, yourRow } from './money-fixtures';
import { languageOf, textFor } from './locale-texts';
import { fail, ok, readBody } from './respond';

/** The weekly tournament as the server names it, in the request's language. */
const weeklyIn = (request: Request) => ({ ...weeklyTournament, name: textFor(request, 'money.tournament.weekly_name') });

/** The tournament and purchase calls: the weekly tournament, joining it, its leaderboard, paid entries. */
export const tournamentsHandlers = [
  http.get('*/api/tournament/current', ({ request }) => ok({ tournament: weeklyIn(request), running: [weeklyIn(request)] })),
  http.post('*/api/tournament/:id/join', ({ params, request }) => {
    if (Number(params.id) !== weeklyTournament.id) return fail(request, 'not_found');
    return ok(
      { tournament: { ...weeklyIn(request), joined: true, participants: weeklyTournament.participants + 1 }, you: { ...yourRow, profit: 0, bets: 0 } },
      { user: { is_authenticated: true, wallets: [{ wallet_type: 'main', amount: 1250.5 }, { wallet_type: 'demo', amount: 9875.25 }, { wallet_type: 'tournament', amount: weeklyTournament.start_balance }] } },
    );
  }),
  http.get('*/api/tournament/:id/leaderboard', ({ request }) => ok({ tournament: weeklyIn(request), items: leaderboard, you: null })),
  http.get('*/api/purchase/ps/:id', ({ params, request }) => {
    if (Number(params.id) !== tournamentEntry.id) return fail(request, 'not_found');
    return ok({ product: tournamentEntryIn(languageOf(request)), items: depositSystemsIn(languageOf(request)), integration_url: '/purchase/integration_json' });
  }),
  http.post('*/api/purchase/integration_json', async ({ request }) => {
    const body = await readBody(request);
    if (body.product_id !== tournamentEntry.id) return fail(request, 'not_found');
    return ok({ purchase_id: 5, redirect_url: '/sandbox/checkout/purchase-token', check_url: '/purchase/5/check?token=purchase-token' });
  }),
];
