import { http } from 'msw';
import { USER_INFO_FIELDS } from '../../src/api/contract/user';
import { userInfo } from './fixtures';
import { ok, readBody } from './respond';

export const userHandlers = [
  http.get('*/api/user/info', () => ok(userInfo)),

  http.post('*/api/user/info', async ({ request }) => {
    const body = await readBody(request);
    // Multipart sends empty strings for cleared fields; the server stores them as null.
    const updated: Record<string, unknown> = { ...userInfo };
    for (const name of USER_INFO_FIELDS) {
      if (name in body) updated[name] = body[name] === '' ? null : String(body[name]);
    }
    return ok(updated);
  }),
];
