import { describe, expect, test } from 'vitest';
import { XHR, signUp, useTestServer as testServer } from './harness';
import { okEnvelope } from '../../src/api/contract/envelope';
import { userInfoSchema } from '../../src/api/contract/user';

const server = testServer();

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(fields: Record<string, string>, file?: { name: string; filename: string; content: string }) {
  const boundary = '----form7MA4YWxkTrZu0gW';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  if (file) {
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: text/plain\r\n\r\n${file.content}\r\n`);
  }
  return { body: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

const postForm = (cookie: string, fields: Record<string, string>, file?: { name: string; filename: string; content: string }) => {
  const { body, contentType } = multipart(fields, file);
  return server.app.inject({ method: 'POST', url: '/api/user/info', headers: { ...XHR, cookie, 'content-type': contentType }, payload: body });
};
const getInfo = (cookie: string) => server.app.inject({ method: 'GET', url: '/api/user/info', headers: { ...XHR, cookie } });
const stored = (userId: number) =>
  server.database.db.selectFrom('users').select(['first_name', 'last_name', 'phone', 'country', 'birth_date']).where('id', '=', userId).executeTakeFirstOrThrow();

describe('GET /api/user/info', () => {
  test('the personal data of the signed-in user', async () => {
    const account = await signUp(server.app, 'info@example.com');
    const body = okEnvelope(userInfoSchema).parse((await getInfo(account.cookie)).json());
    expect(body.payload).toEqual({
      email: 'info@example.com', account_id: account.accountId,
      first_name: null, last_name: null, phone: null, country: null, birth_date: null, time_zone: null, email_confirmed: false,
    });
  });

  test('needs a signed-in user', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/user/info', headers: XHR });
    expect(response.statusCode).toBe(401);
    expect(response.json().payload.code).toBe('unauthenticated');
  });
});

describe('POST /api/user/info', () => {
  test('multipart: saves the fields, trims them, upper-cases the country', async () => {
    const account = await signUp(server.app);
    const response = await postForm(account.cookie, {
      first_name: ' Anna ', last_name: 'Petrova-Smith', phone: '+7 900 123-45-67', country: 'ru', birth_date: '1990-04-12',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toMatchObject({
      first_name: 'Anna', last_name: 'Petrova-Smith', phone: '+7 900 123-45-67', country: 'RU', birth_date: '1990-04-12',
    });
    expect((await getInfo(account.cookie)).json().payload.birth_date).toBe('1990-04-12');
  });

  test('an empty string clears a field; a field not sent stays', async () => {
    const account = await signUp(server.app);
    await postForm(account.cookie, { first_name: 'Anna', phone: '+49 30 1234567' });
    const response = await postForm(account.cookie, { first_name: '' });
    expect(response.json().payload).toMatchObject({ first_name: null, phone: '+49 30 1234567' });
  });

  test('JSON works the same', async () => {
    const account = await signUp(server.app);
    const response = await server.app.inject({
      method: 'POST', url: '/api/user/info', headers: { ...XHR, cookie: account.cookie }, payload: { last_name: "O'Neil" },
    });
    expect(response.json().payload.last_name).toBe("O'Neil");
  });

  test.each([
    ['a bad phone', { phone: 'call me' }, { phone: 'Enter a phone number, e.g. +1 202 555-0143' }],
    ['a bad country', { country: 'Russia' }, { country: 'Choose a country' }],
    ['an impossible date', { birth_date: '2001-02-30' }, { birth_date: 'Enter a valid date' }],
    ['a future date', { birth_date: '2999-01-01' }, { birth_date: 'Enter a valid date' }],
    ['markup in a name', { first_name: '<img src=x onerror=alert(1)>' }, { first_name: 'Invalid value' }],
    ['an unknown field', { email: 'other@example.com' }, { email: 'Unexpected field' }],
    ['a too long name', { first_name: 'A'.repeat(101) }, { first_name: 'At most 100 characters' }],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, { time_zone: 'Choose a time zone from the list' }],
    ['an offset for a time zone', { time_zone: '+03:00' }, { time_zone: 'Choose a time zone from the list' }],
  ])('%s is refused and nothing is saved', async (_name, fields, errors) => {
    const account = await signUp(server.app);
    await postForm(account.cookie, { first_name: 'Anna' });
    const response = await postForm(account.cookie, { last_name: 'Changed', ...fields });
    expect(response.statusCode).toBe(422);
    expect(response.json().payload.fields).toEqual(errors);
    expect(await stored(account.userId)).toMatchObject({ first_name: 'Anna', last_name: null });
  });

  test('the time zone is kept, carried by the envelope to the app, and cleared back to the device\'s', async () => {
    const account = await signUp(server.app);
    const chosen = await postForm(account.cookie, { time_zone: 'America/Sao_Paulo' });
    expect(chosen.json()).toMatchObject({ payload: { time_zone: 'America/Sao_Paulo' }, user: { is_authenticated: true, time_zone: 'America/Sao_Paulo' } });
    // Every later envelope with the user (the start's auth check) carries it.
    const check = await server.app.inject({ method: 'GET', url: '/api/auth/check', headers: { ...XHR, cookie: account.cookie } });
    expect(check.json().user.time_zone).toBe('America/Sao_Paulo');
    const cleared = await postForm(account.cookie, { time_zone: '' });
    expect(cleared.json()).toMatchObject({ payload: { time_zone: null }, user: { time_zone: null } });
  });

  test('a file part is refused', async () => {
    const account = await signUp(server.app);
    const response = await postForm(account.cookie, { first_name: 'Anna' }, { name: 'avatar', filename: 'a.txt', content: 'hello' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 'error', payload: { code: 'payload_too_large' } });
    expect((await stored(account.userId)).first_name).toBeNull();
  });

  test('an oversized field is refused', async () => {
    const account = await signUp(server.app);
    const response = await postForm(account.cookie, { first_name: 'A'.repeat(5000) });
    expect(response.statusCode).toBe(413);
    expect(response.json().payload).toMatchObject({ code: 'payload_too_large', message: 'The request or file is too large' });
    expect((await stored(account.userId)).first_name).toBeNull();
  });

  test('needs a signed-in user and the X-Requested-With header', async () => {
    const { body, contentType } = multipart({ first_name: 'Anna' });
    expect((await server.app.inject({ method: 'POST', url: '/api/user/info', headers: { ...XHR, 'content-type': contentType }, payload: body })).statusCode).toBe(401);
    const account = await signUp(server.app);
    const noHeader = await server.app.inject({ method: 'POST', url: '/api/user/info', headers: { cookie: account.cookie, 'content-type': contentType }, payload: body });
    expect(noHeader.statusCode).toBe(403);
    expect((await stored(account.userId)).first_name).toBeNull();
  });
});
