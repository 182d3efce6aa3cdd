// `npm run test:faults`: whole-process fault and scale-out tests (servers, workers and databases of their own on
// loopback). Files run one at a time: each starts several processes on a 2-core budget.
export default {
  files: ['test/faults/**/*.test.ts'],
  extensions: { ts: 'module' },
  nodeArguments: ['--import=tsx'],
  workerThreads: false,
  require: ['./test/support/exit-when-done.ts'],
  timeout: '3m',
  concurrency: 1,
};
