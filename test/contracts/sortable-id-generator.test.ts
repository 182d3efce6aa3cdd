import test from 'ava';
import { SortableIdGenerator } from '../../adapters/system/sortable-id-generator.ts';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const decode = (text: string): bigint =>
  [...text].reduce((value, char) => value * 32n + BigInt(ALPHABET.indexOf(char)), 0n);
const parts = (id: string) => {
  const body = id.slice(id.indexOf('_') + 1);
  return { time: Number(decode(body.slice(0, 10))), random: decode(body.slice(10)) };
};

test('ids sort by time and strictly increase within a process, across kinds', (t) => {
  const ids = new SortableIdGenerator();
  const before = Date.now();
  const minted = Array.from({ length: 20_000 }, (_, index) => ids.next(index % 2 ? 'evaluation' : 'user'));
  const after = Date.now();
  const bodies = minted.map((id) => id.slice(id.indexOf('_') + 1));
  t.deepEqual([...bodies].sort(), bodies, 'minting order is sorting order');
  t.is(new Set(bodies).size, bodies.length);
  t.true(minted.every((id) => parts(id).time >= before && parts(id).time <= after + 1));
});

test('ids minted in one millisecond are not consecutive: the low part moves by a random step', (t) => {
  const ids = new SortableIdGenerator();
  const minted = Array.from({ length: 5_000 }, () => parts(ids.next('apiKey')));
  const steps = minted.slice(1).flatMap((current, index) => {
    const previous = minted[index];
    return current.time === previous.time ? [current.random - previous.random] : [];
  });
  t.true(steps.length > 100, 'many ids shared a millisecond');
  t.true(
    steps.every((step) => step > 0n),
    'strictly increasing',
  );
  t.true(steps.filter((step) => step === 1n).length < 2, 'practically never the next number');
  t.true(new Set(steps.map(String)).size > steps.length * 0.99, 'steps are unpredictable');
});

test('two generators starting in one millisecond do not share a sequence', (t) => {
  const [a, b] = [new SortableIdGenerator(), new SortableIdGenerator()];
  const first = parts(a.next('organization'));
  const second = parts(b.next('organization'));
  t.not(first.random, second.random);
});
