import test from 'ava';
import { loadConfig } from '../bootstrap/config.ts';
import { generatorSettings } from '../bootstrap/generator-settings.ts';

test("the generation model falls back to the judge's settings, never mixing two APIs", (t) => {
  const judge = { JUDGE_BASE_URL: 'http://judge.example/v1', JUDGE_MODEL: 'judge-m', JUDGE_API_KEY: 'sk-j' };
  t.like(generatorSettings(loadConfig(judge)), {
    baseUrl: 'http://judge.example/v1',
    model: 'judge-m',
    apiKey: 'sk-j',
    modelSource: 'fallback',
  });
  const own = generatorSettings(loadConfig({ ...judge, GENERATOR_BASE_URL: 'http://gen.example/v1' }));
  t.like(own, { baseUrl: 'http://gen.example/v1', model: undefined, apiKey: undefined });
  const full = { ...judge, GENERATOR_BASE_URL: 'http://gen.example/v1', GENERATOR_MODEL: 'g', GENERATOR_API_KEY: 'k' };
  t.like(generatorSettings(loadConfig(full)), { model: 'g', apiKey: 'k', modelSource: 'env' });
  t.like(loadConfig({}), { GENERATION_MAX_CALLS: 50, GENERATION_CREDITS_PER_TEST_CASE: 1 });
});
