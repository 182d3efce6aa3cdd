import test from 'ava';
import { displayPrefix, formatKey, secretOfKey } from '../../../domain/identity/api-key.ts';

const secret = 'Ab3'.repeat(12);

test('both spellings of a key carry the same secret', (t) => {
  t.is(secretOfKey(`assay_${secret}`), secret);
  t.is(secretOfKey(`assay-${secret}`), secret);
  t.is(formatKey(secret), `assay_${secret}`);
  t.is(displayPrefix(secret), 'assay_Ab3Ab3');
});

const malformed: [string, string][] = [
  ['other prefix', `other_${secret}`],
  ['no separator', `assay${secret}`],
  ['too short', 'assay_abc'],
  ['symbols', `assay_${secret.slice(0, 35)}!`],
  ['spaces', ` assay_${secret}`],
  ['empty', ''],
];
for (const [label, key] of malformed) {
  test(`a key with ${label} is not a key`, (t) => {
    t.is(secretOfKey(key), null);
  });
}
