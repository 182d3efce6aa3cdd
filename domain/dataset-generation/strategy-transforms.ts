import type { DeterministicStrategy } from './red-teaming-names.ts';

/**
 * The deterministic red-teaming strategies: each turns an original attack prompt into its disguise, exactly as
 * docs/generation.md states, with no randomness, so anyone can reproduce a test case from its original.
 */

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The UTF-8 bytes of a text (lone surrogates become U+FFFD, as every UTF-8 encoder does). */
export function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const character of text) {
    let code = character.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return bytes;
}

/** Base64 of the UTF-8 bytes, standard alphabet, padded with `=`. */
export function base64(text: string): string {
  const bytes = utf8Bytes(text);
  let out = '';
  for (let at = 0; at < bytes.length; at += 3) {
    const [a, b, c] = [bytes[at], bytes[at + 1], bytes[at + 2]];
    const triple = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += BASE64_ALPHABET[(triple >> 18) & 63] + BASE64_ALPHABET[(triple >> 12) & 63];
    out += b === undefined ? '=' : BASE64_ALPHABET[(triple >> 6) & 63];
    out += c === undefined ? '=' : BASE64_ALPHABET[triple & 63];
  }
  return out;
}

/** Lowercase hexadecimal of the UTF-8 bytes, two digits a byte, nothing between them. */
export const hex = (text: string): string =>
  utf8Bytes(text)
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');

/** ROT13 of the ASCII letters; every other character kept. */
export const rot13 = (text: string): string =>
  text.replace(/[A-Za-z]/g, (letter) => {
    const base = letter <= 'Z' ? 65 : 97;
    return String.fromCharCode(((letter.charCodeAt(0) - base + 13) % 26) + base);
  });

const LEET: Readonly<Record<string, string>> = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7' };

/** a→4, e→3, i→1, o→0, s→5, t→7 in either case; every other character kept. */
export const leetspeak = (text: string): string =>
  text.replace(/[aeiostAEIOST]/g, (letter) => LEET[letter.toLowerCase()]);

const MORSE: Readonly<Record<string, string>> = {
  A: '.-',
  B: '-...',
  C: '-.-.',
  D: '-..',
  E: '.',
  F: '..-.',
  G: '--.',
  H: '....',
  I: '..',
  J: '.---',
  K: '-.-',
  L: '.-..',
  M: '--',
  N: '-.',
  O: '---',
  P: '.--.',
  Q: '--.-',
  R: '.-.',
  S: '...',
  T: '-',
  U: '..-',
  V: '...-',
  W: '.--',
  X: '-..-',
  Y: '-.--',
  Z: '--..',
  '0': '-----',
  '1': '.----',
  '2': '..---',
  '3': '...--',
  '4': '....-',
  '5': '.....',
  '6': '-....',
  '7': '--...',
  '8': '---..',
  '9': '----.',
};

/**
 * ITU Morse for A–Z (either case) and 0–9: a word's codes joined by one space, words (split on whitespace) joined by
 * " / "; other characters dropped, and a word left with no code dropped.
 */
export const morseCode = (text: string): string =>
  text
    .split(/\s+/)
    .map((word) =>
      [...word.toUpperCase()]
        .map((character) => MORSE[character])
        .filter((code) => code !== undefined)
        .join(' '),
    )
    .filter((word) => word !== '')
    .join(' / ');

const HOMOGLYPHS: Readonly<Record<string, string>> = {
  a: '\u0430',
  c: '\u0441',
  e: '\u0435',
  o: '\u043e',
  p: '\u0440',
  x: '\u0445',
  y: '\u0443',
  A: '\u0410',
  C: '\u0421',
  E: '\u0415',
  O: '\u041e',
  P: '\u0420',
  X: '\u0425',
  Y: '\u0423',
};

/** Latin a c e o p x y and A C E O P X Y to their Cyrillic look-alikes; every other character kept. */
export const homoglyph = (text: string): string => text.replace(/[aceopxyACEOPXY]/g, (letter) => HOMOGLYPHS[letter]);

/** U+200B (zero-width space) after every character (code point) but the last. */
export const zeroWidthInsertion = (text: string): string => [...text].join('\u200b');

/** Each ASCII letter, either case, to its regional-indicator symbol (U+1F1E6–U+1F1FF); other characters kept. */
export const emojiObfuscation = (text: string): string =>
  text.replace(/[A-Za-z]/g, (letter) => String.fromCodePoint(0x1f1e6 + letter.toLowerCase().charCodeAt(0) - 97));

/** The deterministic strategies by their API names. */
export const DETERMINISTIC_TRANSFORMS = {
  base64,
  hex,
  rot13,
  leetspeak,
  morse_code: morseCode,
  homoglyph,
  zero_width_insertion: zeroWidthInsertion,
  emoji_obfuscation: emojiObfuscation,
} as const satisfies Record<DeterministicStrategy, (text: string) => string>;
