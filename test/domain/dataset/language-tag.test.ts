import test from 'ava';
import { baseLanguage, canonicalLanguageTag, isLanguageTag } from '../../../domain/dataset/language-tag.ts';

const valid = [
  'en',
  'EN',
  'en-US',
  'pt-BR',
  'zh-Hant-TW',
  'zh-hant',
  'sr-Latn-RS',
  'es-419',
  'de-CH-1901',
  'sl-rozaj-biske',
  'en-US-x-twain',
  'x-whatever',
  'i-klingon',
  'zh-yue-HK',
  'ast',
  'en-a-myext-b-another',
  'hy-Latn-IT-arevela',
  'de-DE-u-co-phonebk',
];
const invalid = [
  '',
  'e',
  'english',
  'en-',
  '-en',
  'en--US',
  'en-US-',
  '12',
  'en_US',
  'en-a',
  'de-419-DE',
  'a-DE',
  'en-a-bbb-a-ccc',
  'de-1901-1901',
  'x-',
  'en US',
  'toolongtag',
];

for (const tag of valid) test(`"${tag}" is a language tag`, (t) => t.true(isLanguageTag(tag)));
for (const tag of invalid) test(`"${tag}" is not a language tag`, (t) => t.false(isLanguageTag(tag)));

test('canonical case: language lower, script title, region upper, extensions lower', (t) => {
  for (const [given, expected] of [
    ['EN-us', 'en-US'],
    ['zh-hant-tw', 'zh-Hant-TW'],
    ['es-419', 'es-419'],
    ['de-ch-1901', 'de-CH-1901'],
    ['en-us-x-ab', 'en-US-x-ab'],
    ['I-KLINGON', 'i-klingon'],
  ]) {
    t.is(canonicalLanguageTag(given), expected);
  }
});

test('the base language keeps only the primary subtag', (t) => {
  t.is(baseLanguage('pt-BR'), 'pt');
  t.is(baseLanguage('zh-Hant-TW'), 'zh');
});
