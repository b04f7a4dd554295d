import type { Locale } from '../../src/api/contract/envelope';
import { formatUsd } from '../../src/shared/format';
import { menuTitles, storyI18n } from '../../.storybook/i18n';
import { PAID_TOURNAMENT_NAMES } from '../../tests/msw/money-fixtures';
import { pairViews } from '../../tests/msw/trading-fixtures';

type Texts = Record<Locale, string>;

/**
 * The texts of the msw fixtures (tests/msw) that stories pass as args, in every language: the
 * fixtures hold the Russian, as the server sends it to a Russian trader; a story shows them in
 * the toolbar's language (./fixture-text.tsx). The menus' titles are the server's own table.
 */

/** A deposit of 100 USD, written in each language's own money format. */
const deposited = (sentence: (amount: string) => string, locale: Locale) => sentence(`<b>${formatUsd(100, locale)}</b>`);

const notifications: Texts[] = [
  {
    ru: 'Пополнение на <b>100,00 $</b> зачислено',
    en: 'Deposit of <b>$100.00</b> completed',
    'pt-BR': deposited((amount) => `Depósito de ${amount} concluído`, 'pt-BR'),
    es: deposited((amount) => `Depósito de ${amount} acreditado`, 'es'),
    tr: deposited((amount) => `${amount} tutarındaki yatırım hesaba geçti`, 'tr'),
    id: deposited((amount) => `Setoran ${amount} sudah masuk`, 'id'),
    vi: deposited((amount) => `Khoản nạp ${amount} đã được ghi có`, 'vi'),
    hi: deposited((amount) => `${amount} की जमा राशि खाते में आ गई`, 'hi'),
    ar: deposited((amount) => `تم إيداع ${amount}`, 'ar'),
    'zh-CN': deposited((amount) => `${amount} 充值已到账`, 'zh-CN'),
  },
  {
    ru: 'Вывод средств ждёт проверки',
    en: 'Withdrawal is waiting for review',
    'pt-BR': 'O saque aguarda análise',
    es: 'El retiro está pendiente de revisión',
    tr: 'Para çekme işlemi inceleme bekliyor',
    id: 'Penarikan sedang menunggu peninjauan',
    vi: 'Lệnh rút tiền đang chờ kiểm tra',
    hi: 'निकासी समीक्षा की प्रतीक्षा में है',
    ar: 'السحب بانتظار المراجعة',
    'zh-CN': '提现正在等待审核',
  },
  {
    ru: 'Еженедельный турнир начнётся в понедельник',
    en: 'The weekly tournament starts on Monday',
    'pt-BR': 'O torneio semanal começa na segunda-feira',
    es: 'El torneo semanal empieza el lunes',
    tr: 'Haftalık turnuva pazartesi başlıyor',
    id: 'Turnamen mingguan dimulai hari Senin',
    vi: 'Giải đấu hằng tuần bắt đầu vào thứ Hai',
    hi: 'साप्ताहिक टूर्नामेंट सोमवार को शुरू होगा',
    ar: 'تبدأ البطولة الأسبوعية يوم الاثنين',
    'zh-CN': '每周锦标赛将于周一开始',
  },
  {
    ru: 'Оплата картой отклонена',
    en: 'Your card payment was declined',
    'pt-BR': 'O pagamento com cartão foi recusado',
    es: 'El pago con tarjeta fue rechazado',
    tr: 'Kartla ödeme reddedildi',
    id: 'Pembayaran kartu ditolak',
    vi: 'Thanh toán bằng thẻ bị từ chối',
    hi: 'कार्ड से भुगतान अस्वीकार कर दिया गया',
    ar: 'تم رفض الدفع بالبطاقة',
    'zh-CN': '银行卡付款被拒绝',
  },
];

const support: Texts[] = [
  {
    ru: 'Здравствуйте! Пополнение картой не пришло на счёт.',
    en: 'Hello! My card deposit has not reached my account.',
    'pt-BR': 'Olá! O depósito com cartão não chegou à minha conta.',
    es: '¡Hola! El depósito con tarjeta no llegó a mi cuenta.',
    tr: 'Merhaba! Kartla yaptığım yatırım hesabıma geçmedi.',
    id: 'Halo! Setoran kartu saya belum masuk ke akun.',
    vi: 'Xin chào! Khoản nạp bằng thẻ chưa về tài khoản của tôi.',
    hi: 'नमस्ते! कार्ड से की गई जमा राशि मेरे खाते में नहीं आई।',
    ar: 'مرحبًا! لم يصل الإيداع بالبطاقة إلى حسابي.',
    'zh-CN': '您好！我的银行卡充值没有到账。',
  },
  {
    ru: 'Здравствуйте! Мы получили ваше сообщение. Специалист поддержки ответит в ближайшее время, обычно в течение часа.',
    en: 'Hello! We have received your message. A support specialist will answer soon, usually within an hour.',
    'pt-BR': 'Olá! Recebemos sua mensagem. Um especialista do suporte responderá em breve, normalmente em até uma hora.',
    es: '¡Hola! Hemos recibido tu mensaje. Un especialista de soporte responderá pronto, normalmente en menos de una hora.',
    tr: 'Merhaba! Mesajınızı aldık. Bir destek uzmanı kısa süre içinde, genellikle bir saat içinde yanıt verecek.',
    id: 'Halo! Kami sudah menerima pesan Anda. Spesialis dukungan akan segera menjawab, biasanya dalam satu jam.',
    vi: 'Xin chào! Chúng tôi đã nhận được tin nhắn của bạn. Chuyên viên hỗ trợ sẽ sớm trả lời, thường trong vòng một giờ.',
    hi: 'नमस्ते! हमें आपका संदेश मिल गया है। सहायता विशेषज्ञ जल्द ही, आमतौर पर एक घंटे के भीतर, जवाब देंगे।',
    ar: 'مرحبًا! لقد تلقينا رسالتك. سيرد أحد مختصي الدعم قريبًا، عادةً خلال ساعة.',
    'zh-CN': '您好！我们已收到您的消息。客服专员会尽快回复，通常在一小时内。',
  },
  {
    ru: 'Прикладываю чек.',
    en: 'Attaching the receipt.',
    'pt-BR': 'Segue o comprovante.',
    es: 'Adjunto el comprobante.',
    tr: 'Dekontu ekliyorum.',
    id: 'Saya lampirkan buktinya.',
    vi: 'Tôi gửi kèm biên lai.',
    hi: 'रसीद संलग्न कर रहा हूँ।',
    ar: 'أرفق الإيصال.',
    'zh-CN': '附上收据。',
  },
  {
    ru: 'Спасибо! Платёж найден, деньги зачислены. Выписка во вложении.',
    en: 'Thank you! The payment was found and the money credited. The statement is attached.',
    'pt-BR': 'Obrigado! O pagamento foi encontrado e o dinheiro creditado. O extrato está em anexo.',
    es: '¡Gracias! Encontramos el pago y el dinero ya está acreditado. El extracto va adjunto.',
    tr: 'Teşekkürler! Ödeme bulundu, para hesaba geçti. Hesap dökümü ekte.',
    id: 'Terima kasih! Pembayaran ditemukan dan dana sudah masuk. Laporan rekening terlampir.',
    vi: 'Cảm ơn bạn! Đã tìm thấy khoản thanh toán và tiền đã được ghi có. Sao kê được đính kèm.',
    hi: 'धन्यवाद! भुगतान मिल गया और पैसे जमा कर दिए गए। विवरण संलग्न है।',
    ar: 'شكرًا! تم العثور على الدفعة وإضافة المبلغ. كشف الحساب مرفق.',
    'zh-CN': '谢谢！已找到该笔付款，资金已入账。对账单见附件。',
  },
  {
    ru: 'Добрый день! Я ваш персональный менеджер Анна.',
    en: 'Good afternoon! I am Anna, your personal manager.',
    'pt-BR': 'Boa tarde! Sou a Anna, sua gerente pessoal.',
    es: '¡Buenas tardes! Soy Anna, tu gestora personal.',
    tr: 'İyi günler! Ben Anna, kişisel yöneticinizim.',
    id: 'Selamat siang! Saya Anna, manajer pribadi Anda.',
    vi: 'Xin chào! Tôi là Anna, quản lý cá nhân của bạn.',
    hi: 'नमस्ते! मैं अन्ना हूँ, आपकी निजी मैनेजर।',
    ar: 'مساء الخير! أنا آنا، مديرتك الشخصية.',
    'zh-CN': '您好！我是您的专属经理 Anna。',
  },
  {
    ru: 'Служба поддержки',
    en: 'Support',
    'pt-BR': 'Suporte',
    es: 'Soporte',
    tr: 'Destek',
    id: 'Bantuan',
    vi: 'Hỗ trợ',
    hi: 'सहायता',
    ar: 'الدعم',
    'zh-CN': '客服',
  },
  {
    ru: 'Персональный менеджер: Анна',
    en: 'Personal manager: Anna',
    'pt-BR': 'Gerente pessoal: Anna',
    es: 'Gestora personal: Anna',
    tr: 'Kişisel yönetici: Anna',
    id: 'Manajer pribadi: Anna',
    vi: 'Quản lý cá nhân: Anna',
    hi: 'निजी मैनेजर: अन्ना',
    ar: 'المديرة الشخصية: آنا',
    'zh-CN': '专属经理：Anna',
  },
];

const verification: Texts[] = [
  {
    ru: 'Счёт старше 3 месяцев',
    en: 'The bill is older than 3 months',
    'pt-BR': 'A conta tem mais de 3 meses',
    es: 'La factura tiene más de 3 meses',
    tr: 'Fatura 3 aydan eski',
    id: 'Tagihan berusia lebih dari 3 bulan',
    vi: 'Hóa đơn đã quá 3 tháng',
    hi: 'बिल 3 महीने से पुराना है',
    ar: 'الفاتورة أقدم من 3 أشهر',
    'zh-CN': '账单已超过 3 个月',
  },
];

/** The paid tournament (its operator's name in each language) and its entry, named as the server names it. */
const paidTournament: Texts[] = [
  PAID_TOURNAMENT_NAMES,
  Object.fromEntries(
    Object.entries(PAID_TOURNAMENT_NAMES).map(([locale, name]) => [locale, storyI18n.getFixedT(locale)('money.purchase.entry_name', { name })]),
  ) as Texts,
];

export const SHARED_FIXTURE_TEXTS: readonly Texts[] = [...menuTitles, ...notifications, ...support, ...verification, ...paidTournament];

/**
 * Fixture texts that are the app's own keys (the server translates them from its locales): the
 * msw pairs' names among them, as the server names each pair in the trader's language.
 */
export const SHARED_FIXTURE_KEYS: readonly string[] = [
  'money.tournament.weekly_name',
  'content.company',
  ...pairViews.map((pair) => `trading.pair.name.${pair.id}`),
  // The payment systems and their withdraw fields, as the server names them (money.ps.<slug>, money.field.*).
  ...['card', 'usdt', 'bank'].map((slug) => `money.ps.${slug}`),
  ...['card_number', 'holder_name', 'usdt_address', 'iban', 'beneficiary'].map((field) => `money.field.${field}`),
];
