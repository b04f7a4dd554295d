import type { ComponentType } from 'react';
import { validCompanyPage, validStrategyPage } from './content/article-names';
import { validWithdrawPath } from './money/withdraw-path';

/** What a page component receives: the path's named params (wouter's, already decoded). */
export interface PageProps {
  params: Record<string, string | undefined>;
}

/**
 * One page of the app.
 * - `path`: a wouter pattern ('/withdraw/form/:id?/:form?').
 * - `load`: the page's lazy chunk. It resolves to a module whose DEFAULT export is the page
 *   component; a module that names its component maps it:
 *   `load: () => import('./money/deposit-route').then((m) => ({ default: m.DepositRoute }))`.
 * - `guard`: 'user' pages send visitors to /login, 'guest' pages send signed-in traders to /home.
 *   Any other name is a programming error: the error page says the page cannot open (in the user's
 *   language, never the guard's name) and the console names the guard.
 * - `validate`: the page's own check of its params; false shows the 404 page.
 * - `layout`: 'main' (header, page, footer; the default), 'wide' (the same without the centred
 *   column: landing, trading) or 'bare' (the page alone: health check).
 * - `session`: the page reads the app's session actor (src/routes/auth/use-session.ts), whose
 *   module loads after the start: opened first, the page is not drawn before that module arrives
 *   (src/main.tsx), or the skeleton it suspends on would give way to a form of another height and
 *   move the footer; the server preloads the module with the page's chunk (vite.config.ts).
 */
export interface RouteEntry {
  path: string;
  load: () => Promise<{ default: ComponentType<PageProps> }>;
  guard?: 'user' | 'guest';
  validate?: (params: Record<string, string | undefined>) => boolean;
  layout?: 'main' | 'wide' | 'bare';
  session?: true;
}

const loadWithdraw = () => import('./money/withdraw-route').then((m) => ({ default: m.WithdrawRoute }));
const loadArticle = () => import('./content/article-route').then((m) => ({ default: m.ArticleRoute }));

/** Every page; the first matching entry wins, and no match shows the 404 page. */
export const routes: RouteEntry[] = [
  { path: '/', load: () => import('./landing/landing-route'), layout: 'wide' },
  { path: '/landing/first', load: () => import('./landing/landing-route'), layout: 'wide' },
  { path: '/local/healthcheck', load: () => import('./status/healthcheck-route'), layout: 'bare' },
  { path: '/login', load: () => import('./auth/login-route'), guard: 'guest', session: true },
  { path: '/signup', load: () => import('./auth/signup-route'), guard: 'guest', session: true },
  { path: '/forgot-password', load: () => import('./auth/forgot-password-route'), guard: 'guest', session: true },
  { path: '/reset-password', load: () => import('./auth/reset-password-route'), guard: 'guest', session: true },
  // Opened from the email in any browser: it says what the link did, signed in or not.
  { path: '/email-confirmed', load: () => import('./auth/email-confirmed-route') },
  { path: '/settings', load: () => import('./settings/change-password-route'), guard: 'user', session: true },
  { path: '/settings/personal', load: () => import('./settings/personal-data-route'), guard: 'user', session: true },
  { path: '/settings/security', load: () => import('./settings/security-route'), guard: 'user' },
  { path: '/settings/limits', load: () => import('./settings/limits-route'), guard: 'user' },
  { path: '/settings/statements', load: () => import('./settings/statements-route'), guard: 'user' },
  { path: '/settings/verification', load: () => import('./settings/verification-route'), guard: 'user' },
  { path: '/support', load: () => import('./support/support-route').then((m) => ({ default: m.SupportRoute })), guard: 'user' },
  { path: '/home', load: () => import('./home/home-route').then((m) => ({ default: m.HomeRoute })), guard: 'user', layout: 'wide' },
  { path: '/history/bets', load: () => import('./history/bet-history-route').then((m) => ({ default: m.BetHistoryRoute })), guard: 'user' },
  { path: '/deposit', load: () => import('./money/deposit-route').then((m) => ({ default: m.DepositRoute })), guard: 'user' },
  // One withdraw flow for its four paths (validWithdrawPath keeps the params to what it writes).
  { path: '/withdraw', load: loadWithdraw, guard: 'user' },
  { path: '/withdraw/form/:id?/:form?', load: loadWithdraw, guard: 'user', validate: validWithdrawPath },
  { path: '/withdraw/:id?/cancel', load: loadWithdraw, guard: 'user', validate: validWithdrawPath },
  { path: '/finances', load: () => import('./money/finances-route').then((m) => ({ default: m.FinancesRoute })), guard: 'user' },
  { path: '/purchase', load: () => import('./money/purchase-route').then((m) => ({ default: m.PurchaseRoute })), guard: 'user' },
  { path: '/tournaments', load: () => import('./money/tournaments-route').then((m) => ({ default: m.TournamentsRoute })), guard: 'user' },
  // /company/license, /company/payment, /company/platform and the strategies, from the articles.
  { path: '/company/:name', load: loadArticle, validate: validCompanyPage },
  { path: '/strategy/:name', load: loadArticle, validate: validStrategyPage },
];
