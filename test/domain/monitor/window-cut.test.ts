import test from 'ava';
import { cutWindow, earliest, type Stamp } from '../../../domain/monitor/window-cut.ts';

const stamp = (at: string, sessionId: string): Stamp => ({ at, sessionId });

test('all the signs fit: every session, and the window is whole', (t) => {
  const cut = cutWindow([stamp('t2', 'b'), stamp('t1', 'a'), stamp('t2', 'a')], 5, null);
  t.deepEqual([...cut.sessionIds].sort(), ['a', 'b']);
  t.like(cut, { through: 't2', whole: true });
});

test('a time whose sessions would pass the budget is left whole for later', (t) => {
  const stamps = [stamp('t1', 'a'), stamp('t1', 'b'), stamp('t2', 'c'), stamp('t2', 'd'), stamp('t3', 'e')];
  const cut = cutWindow(stamps, 3, null);
  t.deepEqual(cut.sessionIds, ['a', 'b']);
  t.like(cut, { through: 't1', whole: false });
});

test('a session seen again at a later time costs nothing more', (t) => {
  const cut = cutWindow([stamp('t1', 'a'), stamp('t2', 'a'), stamp('t3', 'b')], 2, null);
  t.like(cut, { through: 't3', whole: true });
});

test('signs at or after completeBefore may be partial: the cut stops before them', (t) => {
  const cut = cutWindow([stamp('t1', 'a'), stamp('t2', 'b'), stamp('t3', 'c')], 10, 't2');
  t.deepEqual(cut.sessionIds, ['a']);
  t.like(cut, { through: 't1', whole: false });
});

test('sessions already handled elsewhere take no room', (t) => {
  const stamps = [stamp('t1', 'a'), stamp('t1', 'b'), stamp('t2', 'c')];
  t.like(cutWindow(stamps, 1, null, new Set(['a'])), { through: 't1', whole: false });
  t.like(cutWindow(stamps, 1, null, new Set(['a', 'b'])), { through: 't2', whole: true });
});

test('when not even the first time fits, nothing is cut and the earliest time is named', (t) => {
  const stamps = [stamp('t2', 'c'), stamp('t1', 'a'), stamp('t1', 'b')];
  t.like(cutWindow(stamps, 1, null), { through: null, whole: false, sessionIds: [] });
  t.is(earliest(stamps), 't1');
  t.is(earliest([]), null);
});
