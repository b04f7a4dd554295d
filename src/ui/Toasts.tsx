import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocusOnRemoval } from './hooks';
import { CloseIcon } from './icons';
import { IconButton } from './primitives/IconButton';
import { slideUp, styled, TRADE_BAR_HEIGHT } from './stitches.config';
import { SOLID_TONES } from './solid-tones';

type ToastVariant = 'primary' | 'secondary' | 'success' | 'warning' | 'danger';

interface ToastView {
  id: string;
  /** Already translated text. */
  msg: string;
  variant: ToastVariant;
}

const Stack = styled('div', {
  position: 'fixed',
  zIndex: '$toast',
  bottom: '$4',
  insetInlineEnd: '$4',
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  width: 'min(22rem, calc(100vw - 2rem))',
  pointerEvents: 'none',
  '@phone': { insetInlineStart: '$4', insetInlineEnd: '$4', width: 'auto' },
  // Over the docked trade bar, never on it: the stake and Up/Down stay reachable.
  'body:has([data-trade-bar]) &': { bottom: `calc(${TRADE_BAR_HEIGHT} + 0.5rem)` },
});

const Toast = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$2 $2 $2 $4',
  borderRadius: '$md',
  boxShadow: '$lg',
  pointerEvents: 'auto',
  animation: `${slideUp} 200ms ease`,
  '& button': { color: 'inherit' },
  '& button:hover:not(:disabled)': { backgroundColor: 'rgba(0, 0, 0, 0.18)' },
  variants: {
    variant: SOLID_TONES,
  },
});

const Message = styled('p', { flex: 1, fontSize: '$sm', overflowWrap: 'anywhere' });

export interface ToastsProps {
  toasts: readonly ToastView[];
  /** Closes one early; the toasts machine closes each after its delay by itself. */
  onDismiss: (id: string) => void;
}

/** Short confirmations and errors above the trade bar, each in its status colour, announced politely and closable. */
export function Toasts({ toasts, onDismiss }: ToastsProps) {
  const { t } = useTranslation();
  return (
    <Stack role="status" aria-live="polite" aria-relevant="additions">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} closeLabel={t('shell.close-btn')} onDismiss={onDismiss} />
      ))}
    </Stack>
  );
}

/** One toast; closing by itself with focus on its button, it hands focus back. */
function ToastItem({ toast, closeLabel, onDismiss }: { toast: ToastView; closeLabel: string; onDismiss: (id: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useReturnFocusOnRemoval(ref);
  return (
    <Toast ref={ref} variant={toast.variant} data-variant={toast.variant}>
      <Message>{toast.msg}</Message>
      <IconButton size="sm" label={closeLabel} onClick={() => onDismiss(toast.id)}>
        <CloseIcon />
      </IconButton>
    </Toast>
  );
}
