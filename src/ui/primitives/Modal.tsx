import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { returnFocus } from '../hooks';
import { fadeIn, styled } from '../stitches.config';

const Backdrop = styled('div', {
  position: 'fixed',
  inset: 0,
  zIndex: '$modal',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '$4',
  backgroundColor: '$overlay',
  animation: `${fadeIn} 0.3s ease`,
});

const Dialog = styled('div', {
  width: '100%',
  maxWidth: '28rem',
  maxHeight: 'calc(100vh - 2rem)',
  overflowY: 'auto',
  padding: '$5',
  backgroundColor: '$surfaceRaised',
  color: '$text',
  border: '1px solid $border',
  borderRadius: '$lg',
  boxShadow: '$lg',
  '&:focus': { outline: 'none' },
});

const Title = styled('h2', { fontSize: '$xl', fontWeight: '$bold', lineHeight: '$tight', marginBottom: '$3' });
const Body = styled('div', { color: '$textMuted', marginBottom: '$5' });
const Actions = styled('div', { display: 'flex', justifyContent: 'flex-end', gap: '$3', flexWrap: 'wrap' });

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The keyboard contract of a modal dialog (a centred modal or a bottom sheet): focus moves in on
 * open, Tab cycles inside, Escape closes, focus goes back to where it was on close.
 */
export function useDialogFocus(open: boolean, dialogRef: RefObject<HTMLElement | null>, onClose: () => void) {
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    return () => returnFocus(previous);
  }, [open, dialogRef]);

  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** The buttons at the bottom, in reading order. */
  actions?: ReactNode;
  /** Escape, a click on the backdrop and the host's close buttons call this. */
  onClose: () => void;
}

/**
 * A modal dialog: focus moves in on open, Tab cycles inside, Escape closes, focus goes back to
 * where it was on close.
 */
export function Modal({ open, title, children, actions, onClose }: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  const onKeyDown = useDialogFocus(open, dialogRef, onClose);

  if (!open) return null;

  return createPortal(
    <Backdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <Title id={titleId}>{title}</Title>
        {children && <Body id={bodyId}>{children}</Body>}
        {actions && <Actions>{actions}</Actions>}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}
