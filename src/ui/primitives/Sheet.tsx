import type { ReactNode } from 'react';
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons';
import { fadeIn, slideUp, styled } from '../stitches.config';
import { IconButton } from './IconButton';
import { useDialogFocus } from './Modal';

const Backdrop = styled('div', {
  position: 'fixed',
  inset: 0,
  zIndex: '$modal',
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'center',
  backgroundColor: '$overlay',
  animation: `${fadeIn} 0.2s ease`,
});

const Panel = styled('div', {
  width: '100%',
  maxWidth: '40rem',
  maxHeight: '85dvh',
  display: 'flex',
  flexDirection: 'column',
  backgroundColor: '$surfaceRaised',
  color: '$text',
  border: '1px solid $border',
  borderBottom: 0,
  borderRadius: '$lg $lg 0 0',
  boxShadow: '$lg',
  animation: `${slideUp} 0.2s ease`,
  '&:focus': { outline: 'none' },
});

const Head = styled('div', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  padding: '$3 $3 $3 $4',
  borderBottom: '1px solid $border',
});
const Title = styled('h2', { fontSize: '$lg', fontWeight: '$bold', lineHeight: '$tight' });
const Body = styled('div', { overflowY: 'auto', padding: '$4', overscrollBehavior: 'contain' });

export interface SheetProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Escape, the close button and a tap on the backdrop call this. */
  onClose: () => void;
}

/**
 * A bottom sheet: a modal dialog that rises from the bottom edge, with a title and a close button.
 * Its content scrolls inside it, so a long list never pushes it off the screen. Keyboard as a modal
 * (focus in on open, Tab cycles inside, Escape closes, focus goes back).
 */
export function Sheet({ open, title, children, onClose }: SheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onKeyDown = useDialogFocus(open, panelRef, onClose);

  if (!open) return null;

  return createPortal(
    <Backdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <Head>
          <Title id={titleId}>{title}</Title>
          <IconButton label={t('shell.close-btn')} size="sm" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Head>
        {/* Focusable so that a long list can be scrolled from the keyboard too. */}
        <Body tabIndex={0}>{children}</Body>
      </Panel>
    </Backdrop>,
    document.body,
  );
}
