import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_LOCALE, type Locale } from '../../api/contract/envelope';
import { notProvided, toFailure, type Failure } from '../app/failure';

export type LocaleEvent =
  | { type: 'locale.change'; code: Locale }
  /** The start sequence settled the locale (from the auth check): switch without telling the server again. */
  | { type: 'locale.set'; code: Locale };

/**
 * The interface language (docs/product.md 4). Choosing the current one refreshes the page; another one is
 * told to the server (POST /api/lang), written to the `i18n_redirected` cookie for 365 days and
 * switched in i18next. Russian is the default and has no URL prefix, so URLs never change.
 */
export const localeMachine = setup({
  types: {
    context: {} as { current: Locale; error: Failure | null },
    events: {} as LocaleEvent,
    input: {} as { current?: Locale },
  },
  actors: { tellServer: fromPromise<{ lang: Locale }, { code: Locale }>(notProvided('tellServer')) },
  actions: {
    switchLanguage: notProvided('switchLanguage') as (args: unknown, params: { code: Locale }) => void,
    rememberLanguage: notProvided('rememberLanguage') as (args: unknown, params: { code: Locale }) => void,
    reloadPage: notProvided('reloadPage'),
  },
  guards: { isCurrent: ({ context, event }) => 'code' in event && event.code === context.current },
}).createMachine({
  id: 'locale',
  context: ({ input }) => ({ current: input.current ?? DEFAULT_LOCALE, error: null }),
  initial: 'idle',
  on: {
    'locale.set': {
      actions: [assign({ current: ({ event }) => event.code }), { type: 'switchLanguage', params: ({ event }) => ({ code: event.code }) }],
    },
  },
  states: {
    idle: {
      on: {
        'locale.change': [
          { guard: 'isCurrent', actions: 'reloadPage' },
          { target: 'switching', actions: assign({ error: null }) },
        ],
      },
    },
    switching: {
      tags: ['busy'],
      invoke: {
        src: 'tellServer',
        input: ({ event }) => ({ code: (event as { code: Locale }).code }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ current: ({ event }) => event.output.lang }),
            { type: 'rememberLanguage', params: ({ context }) => ({ code: context.current }) },
            { type: 'switchLanguage', params: ({ context }) => ({ code: context.current }) },
          ],
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
  },
});
