import type { StoryContext } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor } from 'storybook/test';

/** Calls of each GET whose connection is down (the client's own retries count too). */
const calls = new Map<string, number>();

/** The client gives up after its own retries (about a second, longer on a busy machine). */
const givenUp = { timeout: 8000 };

/** A GET whose connection stays down: every call fails without an answer, and is counted. */
export function connectionDown(path: string) {
  calls.set(path, 0);
  return http.get(path, () => {
    calls.set(path, (calls.get(path) ?? 0) + 1);
    return HttpResponse.error();
  });
}

/**
 * The page tells that `path` did not load (`text`); its Retry asks the server again, which fails
 * again, and the page tells it again: the story ends on the failure with its Retry.
 */
export async function expectRetryFailsAgain({ canvas, userEvent }: Pick<StoryContext, 'canvas' | 'userEvent'>, path: string, text: string) {
  await expect(await canvas.findByRole('alert', {}, givenUp)).toHaveTextContent(text);
  const before = calls.get(path) ?? 0;
  await userEvent.click(canvas.getByRole('button', { name: 'Повторить' }));
  await waitFor(() => expect(calls.get(path)).toBeGreaterThan(before));
  await expect(await canvas.findByRole('alert', {}, givenUp)).toHaveTextContent(text);
  await expect(canvas.getByRole('button', { name: 'Повторить' })).toBeEnabled();
}
