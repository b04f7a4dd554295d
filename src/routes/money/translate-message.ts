import type { TFunction } from 'i18next';
import type { Message } from '../../machines/money-flow/amount-rules';

/** A machine's message (key + values) in the reader's language. */
export const translateMessage = (t: TFunction) => (message: Message) => t(message.key, message.params ?? {});
