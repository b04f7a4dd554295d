import { http } from 'msw';
import type { EnvelopeUser } from '../../src/api/contract/envelope';
import {
  KNOWN_CREDENTIALS,
  TAKEN_EMAIL,
  VALID_RESET_TOKEN,
  anonymousUser,
  signedInUser,
  siteSettings,
} from './fixtures';
import { languageOf } from './locale-texts';
import { fail, ok, readBody } from './respond';

/** GET /api/auth/check answering as the given user; stories of signed-in screens `msw.use` it. */
export const authCheckAs = (user: EnvelopeUser) =>
  http.get('*/api/auth/check', ({ request }) =>
    ok({}, { user, locale: languageOf(request), site_settings: siteSettings }),
  );

export const authHandlers = [
  authCheckAs(anonymousUser),

  http.post('*/api/auth/login', async ({ request }) => {
    const body = await readBody(request);
    if (body.email === KNOWN_CREDENTIALS.email && body.password === KNOWN_CREDENTIALS.password) {
      return ok({}, { user: signedInUser });
    }
    return fail(request, 'invalid_credentials');
  }),

  http.post('*/api/auth/register', async ({ request }) => {
    const body = await readBody(request);
    if (body.email === TAKEN_EMAIL) return fail(request, 'validation', { fields: { email: 'validation.email_taken' } });
    const email = typeof body.email === 'string' ? body.email : signedInUser.email;
    return ok({}, {
      user: {
        is_authenticated: true,
        email,
        account_id: '100246',
        wallets: [
          { wallet_type: 'main', amount: 0 },
          { wallet_type: 'demo', amount: 10000 },
          { wallet_type: 'tournament', amount: 0 },
        ],
      },
    });
  }),

  http.post('*/api/auth/logout', () => ok({}, { user: anonymousUser })),

  http.post('*/api/auth/reset', () => ok({ sent: true })),

  http.post('*/api/auth/reset/:token', ({ request, params }) =>
    params.token === VALID_RESET_TOKEN ? ok({}, { user: signedInUser }) : fail(request, 'invalid_token'),
  ),

  http.post('*/api/auth/change', async ({ request }) => {
    const body = await readBody(request);
    if (body.current_password !== KNOWN_CREDENTIALS.password) {
      return fail(request, 'validation', { fields: { current_password: 'validation.current_password' } });
    }
    return ok({}, { user: signedInUser });
  }),

  http.get('*/api/auth/send_confirmation_instructions', () => ok({ sent: true })),
];
