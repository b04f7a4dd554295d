import { expect, test } from 'vitest';
import { cookieHeader, signUp, useTestServer as testServer, XHR } from './harness';
import { createOperator } from '../../server/src/cli/operator';

const server = testServer();

async function login(email: string, password: string) {
  return server.app.inject({ method: 'POST', url: '/api/auth/login', headers: XHR, payload: { email, password } });
}

test('creates an operator with a generated password who can sign in to the back office', async () => {
  const result = await createOperator(server.database, 'Desk@Example.com');
  expect(result).toMatchObject({ email: 'desk@example.com', created: true });
  expect(result.password).toMatch(/^[\w-]{20}$/);
  const signedIn = await login('desk@example.com', result.password!);
  expect(signedIn.statusCode).toBe(200);
  const page = await server.app.inject({ method: 'GET', url: '/backoffice', headers: { cookie: cookieHeader(signedIn), 'accept-language': 'en' } });
  expect(page.body).toContain('Traders&#39; conversations');
});

test('promotes an existing account, keeping or replacing its password; refuses bad input', async () => {
  const trader = await signUp(server.app);
  expect(await createOperator(server.database, trader.email)).toMatchObject({ created: false, password: null });
  expect((await login(trader.email, trader.password)).statusCode).toBe(200);
  await createOperator(server.database, trader.email, 'Brand-New-Secret-9');
  expect((await login(trader.email, 'Brand-New-Secret-9')).statusCode).toBe(200);
  const role = await server.database.db.selectFrom('users').select('role').where('id', '=', trader.userId).executeTakeFirstOrThrow();
  expect(role.role).toBe('operator');
  await expect(createOperator(server.database, 'not-an-email')).rejects.toThrow(/not an email/);
  await expect(createOperator(server.database, 'x@example.com', 'short')).rejects.toThrow();
});
