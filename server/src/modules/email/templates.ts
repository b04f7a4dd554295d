import type { Locale } from '../../../../src/api/contract/envelope';
import { translate } from '../../i18n';
import type { OutgoingEmail } from './outbox';

export type EmailKind = 'confirm' | 'reset' | 'password_changed' | 'signup_attempt' | 'new_device';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A transactional email in the recipient's language: a greeting, one paragraph, the link (as a
 * button and written out in full, since some clients hide buttons) and a closing line. `params`
 * fill the kind's texts (the device and address of a new-device sign-in).
 */
export function renderEmail(
  locale: Locale,
  kind: EmailKind,
  to: string,
  link?: string,
  params: Record<string, string | number> = {},
): OutgoingEmail {
  const t = (key: string) => translate(locale, `auth.email.${kind}.${key}`, params);
  const common = (key: string) => translate(locale, `auth.email.${key}`);
  const subject = t('subject');
  const lines = [common('greeting'), '', t('body')];
  if (link) lines.push('', link);
  lines.push('', t('ignore'), '', common('signature'));
  const button = link
    ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#d32f45;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t('action'))}</a></p><p style="word-break:break-all">${escapeHtml(link)}</p>`
    : '';
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(common('greeting'))}</p><p>${escapeHtml(t('body'))}</p>${button}
<p style="color:#666">${escapeHtml(t('ignore'))}</p><p>${escapeHtml(common('signature'))}</p></body></html>`;
  return { to, subject, text: lines.join('\n'), html };
}
