import { http } from 'msw';
import { userInfo } from './fixtures';
import { ok, readBody } from './respond';

export const userHandlers = [
  http.get('*/api/user/info', () => ok(userInfo)),

  http.post('*/api/user/info', async ({ request }) => {
    const body = await readBody(request);
    // Multipart sends empty strings for cleared fields; the server stores them as null.
    const editable = ['first_name', 'last_name', 'phone', 'country', 'birth_date'] as const;
    const updated: Record<string, unknown> = { ...userInfo };
    for (const name of editable) {
      if (name in body) updated[name] = body[name] === '' ? null : String(body[name]);
    }
    return ok(updated);
  }),
];
