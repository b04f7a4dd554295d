import type { Decorator } from '@storybook/react-vite';
import ky from 'ky';
import { useState } from 'react';
import { createMoneyApi, MoneyApiProvider } from '../../src/routes/money/money-api';

/** Route stories call the real endpoints, answered by the shared msw handlers (or a story's own). */
export const withMoneyApi: Decorator = (Story, context) => {
  const language = (context.globals.locale as string | undefined) ?? 'ru';
  return (
    <MoneyApi language={language}>
      <Story />
    </MoneyApi>
  );
};

function MoneyApi({ language, children }: { language: string; children: React.ReactNode }) {
  const [api] = useState(() =>
    createMoneyApi(
      ky.create({
        prefixUrl: `${window.location.origin}/`,
        retry: 0,
        hooks: { beforeRequest: [(request) => request.headers.set('Accept-Language', language)] },
      }),
    ),
  );
  return <MoneyApiProvider value={api}>{children}</MoneyApiProvider>;
}
