import { describe, expect, test } from 'vitest';
import { LOCALES } from '../../src/api/contract/envelope';
import { formatPlace } from '../../src/shared/format';

describe('formatPlace', () => {
  test('the city, then the country named in the reader\'s language', () => {
    expect(formatPlace({ country: 'RU', city: 'Москва' }, 'ru')).toBe('Москва, Россия');
    expect(formatPlace({ country: 'GB', city: 'London' }, 'en')).toBe('London, United Kingdom');
    expect(formatPlace({ country: 'BR', city: 'São Paulo' }, 'pt-BR')).toBe('São Paulo, Brasil');
  });

  test('Arabic joins them with its own comma; Chinese writes the country first', () => {
    expect(formatPlace({ country: 'EG', city: 'القاهرة' }, 'ar')).toBe('القاهرة، مصر');
    expect(formatPlace({ country: 'CN', city: '北京' }, 'zh-CN')).toBe('中国北京');
  });

  test('the country alone when the database knows no city', () => {
    expect(formatPlace({ country: 'DE', city: null }, 'ru')).toBe('Германия');
    expect(formatPlace({ country: 'DE', city: null }, 'tr')).toBe('Almanya');
  });

  test('every language names the country itself, not its code', () => {
    for (const language of LOCALES) expect(formatPlace({ country: 'JP', city: null }, language)).not.toBe('JP');
  });

  test('nothing when the place is unknown', () => {
    expect(formatPlace(null, 'en')).toBeNull();
  });
});
