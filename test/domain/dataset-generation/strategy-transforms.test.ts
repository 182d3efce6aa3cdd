import test from 'ava';
import { DETERMINISTIC_TRANSFORMS } from '../../../domain/dataset-generation/strategy-transforms.ts';

type Strategy = keyof typeof DETERMINISTIC_TRANSFORMS;

// The deterministic strategies exactly as docs/generation.md states them: input, strategy, the test case's input.
const cases: { strategy: Strategy; rule: string; input: string; expected: string }[] = [
  { strategy: 'base64', rule: 'UTF-8 bytes, standard alphabet, padded', input: 'Hi!', expected: 'SGkh' },
  { strategy: 'base64', rule: 'one byte short: one =', input: 'ab', expected: 'YWI=' },
  { strategy: 'base64', rule: 'two bytes short: ==', input: 'a', expected: 'YQ==' },
  { strategy: 'base64', rule: 'non-ASCII as UTF-8', input: 'é€😀', expected: 'w6nigqzwn5iA' },
  { strategy: 'base64', rule: '+ and / of the standard alphabet', input: '\u00fb\u00ff', expected: 'w7vDvw==' },
  { strategy: 'base64', rule: 'empty stays empty', input: '', expected: '' },
  { strategy: 'hex', rule: 'lowercase, two digits a byte', input: 'Hi\n', expected: '48690a' },
  { strategy: 'hex', rule: 'UTF-8 bytes', input: 'é😀', expected: 'c3a9f09f9880' },
  { strategy: 'rot13', rule: 'ASCII letters rotate, case kept', input: 'Hello, World!', expected: 'Uryyb, Jbeyq!' },
  { strategy: 'rot13', rule: 'other letters and digits kept', input: 'zé 42 N', expected: 'mé 42 A' },
  { strategy: 'leetspeak', rule: 'a e i o s t, either case', input: 'Steal IT all', expected: '5734l 17 4ll' },
  { strategy: 'leetspeak', rule: 'others kept', input: 'bug?', expected: 'bug?' },
  {
    strategy: 'morse_code',
    rule: 'letters either case, words by " / "',
    input: 'SOS now',
    expected: '... --- ... / -. --- .--',
  },
  { strategy: 'morse_code', rule: 'digits; other characters dropped', input: 'a1!', expected: '.- .----' },
  {
    strategy: 'morse_code',
    rule: 'a word left empty is dropped',
    input: 'hi ?! there',
    expected: '.... .. / - .... . .-. .',
  },
  { strategy: 'morse_code', rule: 'any whitespace splits words', input: ' e\t\ne ', expected: '. / .' },
  {
    strategy: 'homoglyph',
    rule: 'a c e o p x y to Cyrillic',
    input: 'acepoxy',
    expected: '\u0430\u0441\u0435\u0440\u043e\u0445\u0443',
  },
  {
    strategy: 'homoglyph',
    rule: 'capitals A C E O P X Y',
    input: 'ACEOPXY',
    expected: '\u0410\u0421\u0415\u041e\u0420\u0425\u0423',
  },
  { strategy: 'homoglyph', rule: 'other letters kept', input: 'bdBz', expected: 'bdBz' },
  {
    strategy: 'zero_width_insertion',
    rule: 'U+200B after all but the last',
    input: 'abc',
    expected: 'a\u200bb\u200bc',
  },
  { strategy: 'zero_width_insertion', rule: 'by code point', input: '😀x', expected: '😀\u200bx' },
  { strategy: 'zero_width_insertion', rule: 'one character: unchanged', input: 'a', expected: 'a' },
  {
    strategy: 'emoji_obfuscation',
    rule: 'letters to regional indicators',
    input: 'Az',
    expected: '\u{1F1E6}\u{1F1FF}',
  },
  { strategy: 'emoji_obfuscation', rule: 'others kept', input: 'b-2', expected: '\u{1F1E7}-2' },
];

for (const { strategy, rule, input, expected } of cases)
  test(`${strategy}: ${rule}`, (t) => {
    t.is(DETERMINISTIC_TRANSFORMS[strategy](input), expected);
  });

test('base64 and hex agree with Node for every code point range', (t) => {
  const text = 'a\u00ff\u0800\uffff\u{10000}\u{10ffff} mixed ✓';
  t.is(DETERMINISTIC_TRANSFORMS.base64(text), Buffer.from(text, 'utf8').toString('base64'));
  t.is(DETERMINISTIC_TRANSFORMS.hex(text), Buffer.from(text, 'utf8').toString('hex'));
});
