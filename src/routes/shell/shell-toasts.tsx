import { useSelector } from '@xstate/react';
import { selectToasts } from '../../machines/toasts/toasts.selectors';
import { Toasts } from '../../ui/Toasts';
import { useAppChild } from './app-context';

export function ShellToasts() {
  const toasts = useAppChild('toasts');
  const items = useSelector(toasts, selectToasts);
  return <Toasts toasts={items} onDismiss={(id) => toasts.send({ type: 'toast.dismiss', id })} />;
}
