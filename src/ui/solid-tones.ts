/**
 * The solid fills a status takes (a badge, a toast), each with its AA text colour (the pairs
 * src/ui/token-pairs.ts holds to contrast), so every solid status reads the same everywhere.
 */
export const SOLID_TONES = {
  primary: { backgroundColor: '$primary', color: '$onPrimary' },
  secondary: { backgroundColor: '$secondary', color: '$onSecondary' },
  success: { backgroundColor: '$success', color: '$onSuccess' },
  warning: { backgroundColor: '$warning', color: '$onWarning' },
  danger: { backgroundColor: '$danger', color: '$onDanger' },
};
