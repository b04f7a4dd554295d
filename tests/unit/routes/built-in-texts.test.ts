import { afterEach, describe, expect, test } from 'vitest';
import { builtInTexts } from '../../../src/routes/status/built-in-texts';

describe('the built-in texts of the start failure and the last-resort error page', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });

  test("they are in the app's language, set before its messages arrive", () => {
    document.documentElement.lang = 'ru';
    expect(builtInTexts('en').startFailed).toBe('The app could not be loaded.');
    expect(builtInTexts('zh-CN').errorPageFailed).toBe('显示错误页面时出错');
  });

  test("without an app's language, in the document's (the server writes the user's on <html lang>)", () => {
    document.documentElement.lang = 'es';
    expect(builtInTexts(undefined).reload).toBe('Recargar la página');
    expect(builtInTexts('cimode').goHome).toBe('Ir a la página de inicio');
  });

  test('in Russian when neither names a language the app has', () => {
    document.documentElement.lang = 'de';
    expect(builtInTexts(undefined).startFailed).toBe('Не удалось загрузить приложение.');
    expect(builtInTexts('cimode').loading).toBe('Загрузка');
  });
});
