/** A stored time as the API writes it: ISO 8601 in UTC, or null when the time is not set. */
export const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);
