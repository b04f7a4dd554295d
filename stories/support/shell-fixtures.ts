import { LOCALES } from '../../src/api/contract/envelope';
import { LANGUAGE_NAMES } from '../../src/routes/shell/language-names';
import { menusIn, notificationsIn, signedInUser } from '../../tests/msw/fixtures';
import type { HeaderAccount } from '../../src/ui/Header';
import type { LanguageOption, MenuItem, NotificationItem, WalletView } from '../../src/ui/types';
import { fixtureText } from './fixture-text';

/** Story data for the shell widgets, taken from the msw fixtures so stories and mocks agree. */
export const languages: LanguageOption[] = LOCALES.map((code) => ({ code, name: LANGUAGE_NAMES[code] }));

const menus = menusIn('ru');
export const headerMenu: MenuItem[] = menus.header_menu;
export const topMenu: MenuItem[] = menus.top_menu;
export const footerColumns = [menus.footer_menu_1, menus.footer_menu_2, menus.footer_menu_3, menus.footer_menu_4] as const;

export const wallets: WalletView[] = signedInUser.wallets!.map((w) => ({ wallet_type: w.wallet_type, amount: w.amount }));
export const storyNotifications: NotificationItem[] = notificationsIn('ru').map(({ notification_id, title, type, redirect_url }) => ({
  notification_id,
  title,
  type,
  redirect_url,
}));
export const user = { email: signedInUser.email!, accountId: signedInUser.account_id! };

export const account: HeaderAccount = {
  user,
  wallets,
  currentWallet: 'main',
  userMenu: topMenu,
  notifications: storyNotifications,
  supportUnread: 2,
  latestNotification: null,
};

export const LONG_EMAIL = 'a.very.long.email.address.for.testing.wrapping@subdomain.example-trading-platform.com';
export const LONG_TITLE = fixtureText({
  ru: 'Ваш запрос на вывод средств через банковский перевод был принят и будет обработан в течение трёх рабочих дней, следите за статусом в разделе финансов',
  en: 'Your request to withdraw by bank transfer has been accepted and will be processed within three business days; follow its status in the finances section',
  'pt-BR': 'Seu pedido de saque por transferência bancária foi aceito e será processado em até três dias úteis; acompanhe o status na seção de finanças',
  es: 'Tu solicitud de retiro por transferencia bancaria fue aceptada y se procesará en un plazo de tres días hábiles; sigue su estado en la sección de finanzas',
  tr: 'Banka havalesiyle para çekme talebiniz alındı ve üç iş günü içinde işlenecek; durumunu finans bölümünden takip edin',
  id: 'Permintaan penarikan Anda melalui transfer bank telah diterima dan akan diproses dalam tiga hari kerja; pantau statusnya di bagian keuangan',
  vi: 'Yêu cầu rút tiền bằng chuyển khoản ngân hàng của bạn đã được chấp nhận và sẽ được xử lý trong ba ngày làm việc; theo dõi trạng thái trong mục tài chính',
  hi: 'बैंक ट्रांसफ़र से निकासी का आपका अनुरोध स्वीकार कर लिया गया है और तीन कार्य दिवसों में संसाधित होगा; स्थिति वित्त अनुभाग में देखें',
  ar: 'تم قبول طلبك للسحب بالتحويل المصرفي وستتم معالجته خلال ثلاثة أيام عمل؛ تابع حالته في قسم المالية',
  'zh-CN': '您通过银行转账提现的申请已受理，将在三个工作日内处理；请在财务栏目中关注状态',
});
