import { formatShortDateTime } from '../../shared/format';

/** The local date and time a message was written. */
export const formatMessageTime = (iso: string, language: string) => formatShortDateTime(iso, language);
