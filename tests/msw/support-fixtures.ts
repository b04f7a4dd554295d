import { z } from 'zod';
import { LOCALES, type Locale } from '../../src/api/contract/envelope';
import { chatSchema, supportMessageSchema, type Chat, type SupportMessage } from '../../src/api/contract/support';
import { serverText } from './locale-texts';

/**
 * The support thread and chats the msw handlers answer with, parsed with the contract so they
 * cannot drift from it. Stories and tests take their data from here too.
 */
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 9, minute)).toISOString();

/**
 * What the trader and the operators wrote, in each language: a fixture thread is the one a trader
 * of the request's language would have (the server stores messages as written, never translates them).
 */
export const THREAD_TEXTS: Readonly<Record<'request' | 'receipt' | 'credited' | 'greeting', Readonly<Record<Locale, string>>>> = {
  request: {
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
  receipt: {
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
  credited: {
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
  greeting: {
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
};

/** The support thread of a trader of `locale`; the system's answer is the server's own text (support.auto_ack). */
const supportThreadIn = (locale: Locale): SupportMessage[] =>
  z.array(supportMessageSchema).parse([
    { id: 1, author: 'user', text: THREAD_TEXTS.request[locale], files: [], created_at: at(1) },
    { id: 2, author: 'system', text: serverText(locale, 'support.auto_ack'), files: [], created_at: at(1) },
    {
      id: 3,
      author: 'user',
      text: THREAD_TEXTS.receipt[locale],
      files: [{ id: '3f2a9c4e-1b7d-4e8a-9c0f-2d6b8e1a5c71', name: 'receipt.png', size: 48_211, type: 'image/png', url: '/api/support/file/3f2a9c4e-1b7d-4e8a-9c0f-2d6b8e1a5c71' }],
      created_at: at(3),
    },
    {
      id: 4,
      author: 'operator',
      text: THREAD_TEXTS.credited[locale],
      files: [
        { id: '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', name: 'statement.pdf', size: 1_420_000, type: 'application/pdf', url: '/api/support/file/8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f' },
      ],
      created_at: at(12),
    },
  ]);
export const supportThreadsByLocale = Object.fromEntries(LOCALES.map((code) => [code, supportThreadIn(code)])) as Record<Locale, SupportMessage[]>;
export const supportThread = supportThreadsByLocale.ru;

/** The read marker of the thread above: the operator's answer (4) is not seen yet. */
export const supportLastRead = 3;

/** The long thread's questions and answers (number n), as a trader and the operator write them in each language. */
const LONG_THREAD_TEXTS: Readonly<Record<Locale, { question: (n: number) => string; answer: (n: number) => string }>> = {
  ru: { question: (n) => `Вопрос номер ${n}`, answer: (n) => `Ответ на вопрос ${n}` },
  en: { question: (n) => `Question ${n}`, answer: (n) => `Answer to question ${n}` },
  'pt-BR': { question: (n) => `Pergunta ${n}`, answer: (n) => `Resposta à pergunta ${n}` },
  es: { question: (n) => `Pregunta ${n}`, answer: (n) => `Respuesta a la pregunta ${n}` },
  tr: { question: (n) => `Soru ${n}`, answer: (n) => `${n}. sorunun yanıtı` },
  id: { question: (n) => `Pertanyaan ${n}`, answer: (n) => `Jawaban untuk pertanyaan ${n}` },
  vi: { question: (n) => `Câu hỏi ${n}`, answer: (n) => `Trả lời câu hỏi ${n}` },
  hi: { question: (n) => `प्रश्न ${n}`, answer: (n) => `प्रश्न ${n} का उत्तर` },
  ar: { question: (n) => `السؤال ${n}`, answer: (n) => `الرد على السؤال ${n}` },
  'zh-CN': { question: (n) => `问题 ${n}`, answer: (n) => `问题 ${n} 的回答` },
};

/** A long thread for paging: 45 messages, alternating trader and operator, in the reader's language. */
const longThreadIn = (locale: Locale): SupportMessage[] =>
  z.array(supportMessageSchema).parse(
    Array.from({ length: 45 }, (_, i) => ({
      id: i + 1,
      author: i % 2 === 0 ? 'user' : 'operator',
      text: i % 2 === 0 ? LONG_THREAD_TEXTS[locale].question(i / 2 + 1) : LONG_THREAD_TEXTS[locale].answer((i + 1) / 2),
      files: [],
      created_at: new Date(Date.UTC(2026, 10, 20, 8, i)).toISOString(),
    })),
  );
export const longThreadsByLocale = Object.fromEntries(LOCALES.map((code) => [code, longThreadIn(code)])) as Record<Locale, SupportMessage[]>;

/** The personal manager's name as her profile writes it for each language's readers. */
const MANAGER_NAME: Readonly<Record<Locale, string>> = {
  ru: 'Анна', en: 'Anna', 'pt-BR': 'Anna', es: 'Anna', tr: 'Anna', id: 'Anna', vi: 'Anna', hi: 'अन्ना', ar: 'آنا', 'zh-CN': 'Anna',
};

const managerThreadIn = (locale: Locale): SupportMessage[] =>
  z.array(supportMessageSchema).parse([{ id: 101, author: 'operator', text: THREAD_TEXTS.greeting[locale], files: [], created_at: at(20) }]);
export const managerThreadsByLocale = Object.fromEntries(LOCALES.map((code) => [code, managerThreadIn(code)])) as Record<Locale, SupportMessage[]>;
export const managerThread = managerThreadsByLocale.ru;

/** The trader's chats as the server lists them to a reader of `locale`: titled with its own texts (support.chat.*). */
export const chatsOf = (locale: Locale, supportUnread: number): Chat[] =>
  z.array(chatSchema).parse([
    {
      id: 1,
      kind: 'support',
      title: serverText(locale, 'support.chat.support_title'),
      unread: supportUnread,
      last_message: supportThreadsByLocale[locale].at(-1) ?? null,
    },
    {
      id: 2,
      kind: 'manager',
      title: serverText(locale, 'support.chat.manager_title_named', { name: MANAGER_NAME[locale] }),
      unread: 0,
      last_message: managerThreadsByLocale[locale].at(-1) ?? null,
    },
  ]);
