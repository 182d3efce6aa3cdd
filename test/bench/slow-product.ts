import { createServer } from 'node:http';

/**
 * The product under evaluation for the from-version benchmark, in a process of its own (a product runs apart from
 * the platform, and its work must not share the platform's event loop): POST /answer echoes `message` after
 * ANSWER_MS (argv[2]); GET /stats reports when the first call arrived, when the last answer left (epoch
 * milliseconds) and the most calls open at once. Prints its URL once listening.
 */
const answerMs = Number(process.argv[2] ?? 50);
const calls = { first: 0, last: 0, open: 0, peak: 0 };
const now = () => performance.timeOrigin + performance.now();

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/stats') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(calls));
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    calls.first ||= now();
    calls.peak = Math.max(calls.peak, ++calls.open);
    setTimeout(() => {
      calls.open -= 1;
      calls.last = now();
      const { message } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message: string };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ answer: { text: `echo: ${message}` } }));
    }, answerMs);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`http://127.0.0.1:${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
