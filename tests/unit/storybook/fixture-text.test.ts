import { createElement, isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fixtureFrom, fixtureKey, fixtureText, inLanguage, textsOf } from '../../../stories/support/fixture-text';
import { supportThread } from '../../msw/support-fixtures';

const greeting = fixtureText({
  ru: 'Привет',
  en: 'Hello',
  'pt-BR': 'Olá',
  es: 'Hola',
  tr: 'Merhaba',
  id: 'Halo',
  vi: 'Xin chào',
  hi: 'नमस्ते',
  ar: 'مرحبًا',
  'zh-CN': '你好',
});

describe('fixture texts in the toolbar language', () => {
  it('gives the Russian to the args, so Russian stories and their checks stay as they were', () => {
    expect(greeting).toBe('Привет');
    expect(fixtureKey('errors.validation')).toBe('Проверьте введённые данные');
  });

  it('reads every fixture text in the args in the language asked, deep in arrays, objects and elements', () => {
    const file = new File(['x'], 'a.pdf');
    const onSend = () => undefined;
    const args = { title: greeting, items: [{ text: greeting, file }], status: createElement('span', null, greeting), onSend, count: 2 };
    const english = inLanguage(args, 'en');
    expect(english).toMatchObject({ title: 'Hello', items: [{ text: 'Hello' }], count: 2 });
    expect(english.items[0]!.file).toBe(file);
    expect(english.onSend).toBe(onSend);
    expect(isValidElement(english.status) && (english.status.props as { children: string }).children).toBe('Hello');
    expect(inLanguage(args, 'zh-CN').title).toBe('你好');
  });

  it("takes a key's text from the app's locales, and the msw fixtures' texts from the shared table", () => {
    expect(inLanguage('Проверьте введённые данные', 'en')).toBe('Please check the form');
    expect(inLanguage(supportThread[0]!.text, 'es')).toBe('¡Hola! El depósito con tarjeta no llegó a mi cuenta.');
    expect(inLanguage('Еженедельный турнир', 'en')).toBe('Weekly tournament');
  });

  it('makes a fixture text from another in each language (a shared one found by its Russian)', () => {
    const long = fixtureFrom(textsOf(supportThread[2]!.text), (text) => `${text} https://example.com`);
    expect(long).toBe('Прикладываю чек. https://example.com');
    expect(inLanguage(long, 'tr')).toBe('Dekontu ekliyorum. https://example.com');
    expect(() => textsOf('нет такого')).toThrow(/not a fixture text/);
  });

  it('gives back what holds no fixture text as it was, so a story does not re-render for nothing', () => {
    const args = { text: 'не из таблицы', list: [1, 2], nested: { a: 'b' } };
    expect(inLanguage(args, 'en')).toBe(args);
  });
});
