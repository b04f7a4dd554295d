import type { AttachmentType } from '../../../../src/api/contract/support';

/** The one extension an attachment gets, from the type its content was detected as. */
const EXTENSION_OF_TYPE: Record<AttachmentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** Longest stem kept of the sender's name (in characters), before the extension. */
const MAX_STEM_LENGTH = 100;

/**
 * Control and format characters: C0/C1 controls, the bidi overrides, embeddings and isolates
 * (U+202A-U+202E, U+2066-U+2069, which turn "photo\u202Egnp.exe" into "photoexe.png" on screen),
 * zero-width characters, line and paragraph separators.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * The name an attachment is stored and shown under: the sender's name without any path, invisible
 * characters or extension of its own, at most MAX_STEM_LENGTH characters, then the extension of
 * the detected type. `evil.html` that is really a PNG becomes `evil.png`; a name left empty
 * becomes `fallback`.
 */
export function attachmentName(sent: string | undefined, fallback: string, type: AttachmentType): string {
  const cleaned = (sent ?? '').replace(INVISIBLE, '');
  // No path, and no leading dots ("..", a hidden file's name).
  const base = (cleaned.replace(/\\/g, '/').split('/').pop() ?? '').replace(/^[.\s]+/, '');
  const lastDot = base.lastIndexOf('.');
  // Every other dot goes too: "invoice.pdf.exe" must not keep a second extension to show.
  const stem = (lastDot > 0 ? base.slice(0, lastDot) : base).replace(/\./g, '_').replace(/\s+/g, ' ').trim();
  const short = [...stem].slice(0, MAX_STEM_LENGTH).join('').trim();
  return `${short || fallback}.${EXTENSION_OF_TYPE[type]}`;
}
