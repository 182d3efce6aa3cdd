/** BCP-47 language tags: a structural check of language-extlang-script-region-variant-extension-privateuse subtags. */

/** 2-3 letter languages with up to three extended-language subtags; the reserved 4-8 letter forms are never assigned, so refused. */
const LANGUAGE = /^[a-z]{2,3}(?:-[a-z]{3}){0,3}$/;
const SCRIPT = /^[a-z]{4}$/;
const REGION = /^(?:[a-z]{2}|[0-9]{3})$/;
const VARIANT = /^(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3})$/;
const SINGLETON = /^[0-9a-wy-z]$/;
const EXTENSION = /^[a-z0-9]{2,8}$/;
const PRIVATE = /^[a-z0-9]{1,8}$/;
const GRANDFATHERED = new Set([
  'en-gb-oed',
  'i-ami',
  'i-bnn',
  'i-default',
  'i-enochian',
  'i-hak',
  'i-klingon',
  'i-lux',
  'i-mingo',
  'i-navajo',
  'i-pwn',
  'i-tao',
  'i-tay',
  'i-tsu',
  'sgn-be-fr',
  'sgn-be-nl',
  'sgn-ch-de',
  'art-lojban',
  'cel-gaulish',
  'no-bok',
  'no-nyn',
  'zh-guoyu',
  'zh-hakka',
  'zh-min',
  'zh-min-nan',
  'zh-xiang',
]);

export const MAX_LANGUAGE_TAG_LENGTH = 64;

interface Parts {
  readonly language: string[];
  readonly rest: string[];
}

/** Splits the language subtag and its extended-language subtags from the rest. */
function splitLanguage(subtags: readonly string[]): Parts {
  const language = [subtags[0]];
  let index = 1;
  while (index < subtags.length && index < 4 && subtags[0].length <= 3 && /^[a-z]{3}$/.test(subtags[index])) {
    language.push(subtags[index]);
    index += 1;
  }
  return { language, rest: subtags.slice(index) };
}

function validPrivateUse(subtags: readonly string[]): boolean {
  return subtags.length > 0 && subtags.every((subtag) => PRIVATE.test(subtag));
}

/** Whether the text is a well-formed BCP-47 language tag (case-insensitive). */
export function isLanguageTag(text: string): boolean {
  if (text.length === 0 || text.length > MAX_LANGUAGE_TAG_LENGTH) return false;
  const lower = text.toLowerCase();
  if (GRANDFATHERED.has(lower)) return true;
  const subtags = lower.split('-');
  if (subtags[0] === 'x') return validPrivateUse(subtags.slice(1));
  const { language, rest } = splitLanguage(subtags);
  if (!LANGUAGE.test(language.join('-'))) return false;
  let index = 0;
  if (index < rest.length && SCRIPT.test(rest[index])) index += 1;
  if (index < rest.length && REGION.test(rest[index])) index += 1;
  const variants = new Set<string>();
  while (index < rest.length && VARIANT.test(rest[index])) {
    if (variants.has(rest[index])) return false;
    variants.add(rest[index]);
    index += 1;
  }
  const singletons = new Set<string>();
  while (index < rest.length && SINGLETON.test(rest[index])) {
    if (singletons.has(rest[index])) return false;
    singletons.add(rest[index]);
    index += 1;
    const start = index;
    while (index < rest.length && EXTENSION.test(rest[index])) index += 1;
    if (index === start) return false;
  }
  if (index < rest.length && rest[index] === 'x') return validPrivateUse(rest.slice(index + 1));
  return index === rest.length;
}

/** The tag in its conventional case: language lower, script title, region upper (`zh-Hant-TW`). */
export function canonicalLanguageTag(text: string): string {
  const subtags = text.toLowerCase().split('-');
  let afterSingleton = false;
  return subtags
    .map((subtag, index) => {
      if (index === 0 || afterSingleton) {
        afterSingleton ||= subtag.length === 1;
        return subtag;
      }
      if (subtag.length === 1) {
        afterSingleton = true;
        return subtag;
      }
      if (subtag.length === 2) return subtag.toUpperCase();
      if (subtag.length === 4 && /^[a-z]{4}$/.test(subtag)) return subtag[0].toUpperCase() + subtag.slice(1);
      return subtag;
    })
    .join('-');
}

/** The primary language subtag (`pt` of `pt-BR`): what generated test text keeps. */
export const baseLanguage = (tag: string): string => tag.toLowerCase().split('-')[0];
