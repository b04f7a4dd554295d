import { assign, cancel, enqueueActions, setup } from 'xstate';

export type ToastVariant = 'primary' | 'secondary' | 'success' | 'warning' | 'danger';

export interface Toast {
  id: string;
  msg: string;
  variant: ToastVariant;
  /** Milliseconds until it closes by itself. */
  delay: number;
}

export const DEFAULT_TOAST_DELAY = 1000;
export const COPIED_TOAST_DELAY = 2000;
/** More than this and the oldest goes, so a burst never covers the page. */
export const MAX_TOASTS = 4;

export type ToastsEvent =
  | { type: 'toast.show'; msg: string; variant?: ToastVariant; delay?: number }
  | { type: 'toast.dismiss'; id: string };

/** The toast queue (docs/product.md 3: defaults 1000 ms, primary); each toast closes after its own delay. */
export const toastsMachine = setup({
  types: { context: {} as { toasts: Toast[]; next: number }, events: {} as ToastsEvent },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], next: 1 },
  on: {
    'toast.show': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const toast: Toast = {
          id: `toast-${context.next}`,
          msg: event.msg,
          variant: event.variant ?? 'primary',
          delay: event.delay ?? DEFAULT_TOAST_DELAY,
        };
        const kept = [...context.toasts, toast];
        for (const dropped of kept.slice(0, -MAX_TOASTS)) enqueue.cancel(dropped.id);
        enqueue.assign({ toasts: kept.slice(-MAX_TOASTS), next: context.next + 1 });
        enqueue.raise({ type: 'toast.dismiss', id: toast.id }, { id: toast.id, delay: toast.delay });
      }),
    },
    'toast.dismiss': {
      actions: [
        cancel(({ event }) => event.id),
        assign({ toasts: ({ context, event }) => context.toasts.filter((toast) => toast.id !== event.id) }),
      ],
    },
  },
});
