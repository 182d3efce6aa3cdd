// `npm run test:package`: packs the package, installs the tarball into a scratch TypeScript project outside the
// repository and runs a host program there with plain node. Slow (it builds the package), so apart from `npm test`.
export default {
  files: ['test/package/**/*.test.ts'],
  extensions: { ts: 'module' },
  nodeArguments: ['--import=tsx'],
  workerThreads: false,
  require: ['./test/support/exit-when-done.ts'],
  timeout: '20m',
};
