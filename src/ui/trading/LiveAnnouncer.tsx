import { VisuallyHidden } from '../primitives/VisuallyHidden';

/** One thing to say; a new id says it again even when the text is the same as the last one. */
export interface Announcement {
  id: number;
  /** Already translated. */
  text: string;
}

/**
 * The trading room's one live region (polite): present from the room's first render, only its
 * text changes. Screen readers (VoiceOver above all) read a change in a region that already
 * exists, not a region added together with its text, and one region means one reading per event.
 * The same text twice in a row is told apart by a trailing no-break space, so it is read again.
 */
export function LiveAnnouncer({ announcement }: { announcement: Announcement | null }) {
  const text = announcement ? `${announcement.text}${announcement.id % 2 === 0 ? '' : '\u00a0'}` : '';
  return (
    <VisuallyHidden as="div" role="status" aria-live="polite" aria-atomic="true" data-testid="trading-announcer">
      {text}
    </VisuallyHidden>
  );
}
