import test from 'ava';
import { AesGcmSecretBox } from '../../../adapters/system/aes-gcm-secret-box.ts';

const KEY = '0123456789abcdef'.repeat(4);

test('a sealed secret opens with its key only, never shows the plain text, and differs each time', (t) => {
  const box = new AesGcmSecretBox(KEY);
  const sealed = box.seal('{"token":"hunter2"}');
  t.false(sealed.includes('hunter2'));
  t.not(box.seal('{"token":"hunter2"}'), sealed, 'a fresh IV each time');
  t.is(box.open(sealed), '{"token":"hunter2"}');
  t.throws(() => new AesGcmSecretBox('f'.repeat(64)).open(sealed), undefined, 'another key cannot open it');
  const parts = sealed.split('.');
  const altered = [...parts.slice(0, 3), Buffer.from('x').toString('base64url') + parts[3].slice(2)].join('.');
  t.throws(() => box.open(altered), undefined, 'an altered ciphertext fails its tag');
});

test('without a key the box is not ready and refuses to seal', (t) => {
  const box = new AesGcmSecretBox(undefined);
  t.false(box.ready);
  t.throws(() => box.seal('x'), { message: /ASSAY_SECRET_KEY is not set/ });
  t.throws(() => new AesGcmSecretBox('abcd'));
});
