import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../api/contract/envelope';

/**
 * The few texts shown when the translations cannot be trusted: the start failed to load them, or
 * the error page itself failed to render. They ship with the code, in every language, as the
 * translation files would write them.
 */
export interface BuiltInTexts {
  /** The last-resort page's title: showing the error page failed. */
  errorPageFailed: string;
  /** Its link to the home page (a plain page load). */
  goHome: string;
  /** The start could not load the translations. */
  startFailed: string;
  /** The start failure's link: a reload. */
  reload: string;
  /** The start's skeleton, named before the translations arrive. */
  loading: string;
}

const TEXTS: Record<Locale, BuiltInTexts> = {
  ru: {
    errorPageFailed: 'Не удалось показать страницу ошибки',
    goHome: 'На главную',
    startFailed: 'Не удалось загрузить приложение.',
    reload: 'Обновить страницу',
    loading: 'Загрузка',
  },
  en: {
    errorPageFailed: 'An error occurred while showing the error page',
    goHome: 'Go to the home page',
    startFailed: 'The app could not be loaded.',
    reload: 'Reload the page',
    loading: 'Loading',
  },
  'pt-BR': {
    errorPageFailed: 'Ocorreu um erro ao exibir a página de erro',
    goHome: 'Ir para a página inicial',
    startFailed: 'Não foi possível carregar o aplicativo.',
    reload: 'Recarregar a página',
    loading: 'Carregando',
  },
  es: {
    errorPageFailed: 'Se produjo un error al mostrar la página de error',
    goHome: 'Ir a la página de inicio',
    startFailed: 'No se pudo cargar la aplicación.',
    reload: 'Recargar la página',
    loading: 'Cargando',
  },
  tr: {
    errorPageFailed: 'Hata sayfası gösterilirken bir hata oluştu',
    goHome: 'Ana sayfaya git',
    startFailed: 'Uygulama yüklenemedi.',
    reload: 'Sayfayı yenile',
    loading: 'Yükleniyor',
  },
  id: {
    errorPageFailed: 'Terjadi kesalahan saat menampilkan halaman kesalahan',
    goHome: 'Ke beranda',
    startFailed: 'Aplikasi tidak dapat dimuat.',
    reload: 'Muat ulang halaman',
    loading: 'Memuat',
  },
  vi: {
    errorPageFailed: 'Đã xảy ra lỗi khi hiển thị trang lỗi',
    goHome: 'Về trang chủ',
    startFailed: 'Không thể tải ứng dụng.',
    reload: 'Tải lại trang',
    loading: 'Đang tải',
  },
  hi: {
    errorPageFailed: 'त्रुटि पेज दिखाते समय एक त्रुटि हुई',
    goHome: 'होम पेज पर जाएँ',
    startFailed: 'ऐप लोड नहीं हो सका।',
    reload: 'पेज फिर से लोड करें',
    loading: 'लोड हो रहा है',
  },
  ar: {
    errorPageFailed: 'حدث خطأ أثناء عرض صفحة الخطأ',
    goHome: 'الذهاب إلى الصفحة الرئيسية',
    startFailed: 'تعذّر تحميل التطبيق.',
    reload: 'أعد تحميل الصفحة',
    loading: 'جارٍ التحميل',
  },
  'zh-CN': {
    errorPageFailed: '显示错误页面时出错',
    goHome: '返回首页',
    startFailed: '无法加载应用。',
    reload: '重新加载页面',
    loading: '加载中',
  },
};

/**
 * The built-in texts in the user's language: the app's language when it has one (it is set at
 * the start, before its messages arrive), else the document's (the server writes the user's
 * language on <html lang>), else Russian.
 */
export function builtInTexts(language: string | undefined, document: Document | undefined = globalThis.document): BuiltInTexts {
  const locale = [language, document?.documentElement.lang].map((code) => LOCALES.find((candidate) => candidate === code)).find(Boolean);
  return TEXTS[locale ?? DEFAULT_LOCALE];
}
