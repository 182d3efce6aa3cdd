import { registerCompletionHandler } from 'ava';

/**
 * Loaded into every test worker (ava's `require`): once a file's tests are done and reported, the worker exits. A
 * handle left open by a test (a timer, a connection) otherwise keeps the worker alive, and ava waits for it with no
 * timeout: a whole `npm test` hung once this way after every test had passed. A leak still shows up as a slow file,
 * not as a run that never ends.
 */
registerCompletionHandler(() => {
  process.exit();
});
