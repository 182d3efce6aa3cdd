import test from 'ava';
import { loadConfig, sourceOf } from '../bootstrap/config.ts';
import { simulatorSettings } from '../bootstrap/simulator-settings.ts';

test('a setting is env when given, default when its code default stands', (t) => {
  t.is(sourceOf(loadConfig({}), 'DATABASE_URL'), 'default');
  t.is(sourceOf(loadConfig({ DATABASE_URL: 'sqlite::memory:' }), 'DATABASE_URL'), 'env');
  t.is(sourceOf(loadConfig({}, { DATABASE_URL: 'sqlite::memory:' }), 'DATABASE_URL'), 'env', 'overrides are given');
  t.is(sourceOf({ ...loadConfig({}) }, 'DATABASE_URL'), 'default', 'a copy keeps track');
  t.false(
    Object.keys(loadConfig({})).some((key) => key.includes('given')),
    'nothing shows in the keys',
  );
});

test('the simulator model falls back to the judge’s unless it has its own base URL', (t) => {
  const judge = { JUDGE_BASE_URL: 'http://127.0.0.1:1/v1', JUDGE_MODEL: 'judge' };
  t.like(simulatorSettings(loadConfig(judge)), { model: 'judge', modelSource: 'fallback' });
  t.like(simulatorSettings(loadConfig({ ...judge, SIMULATOR_MODEL: 'sim' })), { model: 'sim', modelSource: 'env' });
});
