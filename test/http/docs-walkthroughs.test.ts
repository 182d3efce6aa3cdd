import test, { type ExecutionContext } from 'ava';
import { runWalkThrough, walkThrough } from '../support/doc-walkthrough.ts';
import type { Config } from '../../bootstrap/config.ts';
import { startWorld } from '../support/http-world.ts';
import { type ProductServer, startProductServer } from '../support/product-server.ts';

/**
 * Each area's walk-through in docs/ (its `## Walk-through` section), run top to bottom in bash against a fresh
 * server on SQLite, as a person would paste it: the docs cannot rot without this failing. Each ends in a result of
 * its area, asserted on what the blocks printed.
 */
interface Area {
  readonly file: string;
  /** What the last blocks printed, proving the area's result. */
  readonly check: (t: ExecutionContext, stdout: string) => void;
  /** Settings of the server it runs against, and what it needs from outside (a product's endpoint). */
  readonly config?: Partial<Config>;
  readonly env?: () => NodeJS.ProcessEnv;
}

// The product a from-version walk-through calls: a real HTTP server on loopback that echoes the message.
let product: ProductServer;
test.before(async () => {
  product = await startProductServer();
});
test.after.always(() => product?.close());

const areas: readonly Area[] = [
  {
    file: 'docs/catalog.md',
    check(t, stdout) {
      t.regex(stdout, /\{"name":"v1","number":1\}\n\{"name":"v2","number":2\}/, 'versions numbered per product');
      t.regex(
        stdout,
        /\{"error":"conflict","message":"A product named \\"Catalog tour\\" already exists[^"]*"\}/,
        'a taken name refused',
      );
      t.regex(stdout, /\{"algorithm":"EXACT_MATCH","legacy":true\}/, 'the old revision kept as legacy');
      t.regex(stdout, /\{"name":"Quotes the order status","linksRevision":true\}/, 'the specification follows');
      t.regex(stdout, /\[\{"name":"Tour exact","algorithm":"TEXT_SIMILARITY"\}\]/, 'one live head');
      t.regex(stdout, /\[\{"number":2,"name":"v2"\},\{"number":1,"name":"v1"\}\]\n?$/, 'sorted list');
    },
  },
  {
    file: 'docs/datasets.md',
    check(t, stdout) {
      t.regex(stdout, /\{"input":\{"user_message":"Onde está o meu pedido\?"\},"languageCode":"pt-BR"\}/);
      t.regex(stdout, /\{"imported":2\}/, 'the CSV rows imported');
      t.regex(stdout, /\{"error":"invalid_input","path":"rows\.2\.languageCode"\}/, 'the bad row named');
      t.regex(stdout, /\{"legacy":true,"sameFamily":true\}/, 'the old revision kept');
      t.regex(stdout, /\{"expectedOutput":"Sai hoje, às 17h\.","parentIsTheOld":true\}/, 'the new head');
      t.regex(stdout, /\n3\n4\n\{"languages":\["en","en-GB","pt-BR"\]\}\n?$/, 'the dataset at the end');
    },
  },
  {
    file: 'docs/tracing.md',
    check(t, stdout) {
      t.regex(
        stdout,
        /\{"created":\["trace_agent1","trace_chat1","trace_tool1"\],"rejected":\[\{"index":3,"error":"negative_latency"\}\]\}/,
      );
      t.regex(stdout, /\{"created":0,"rejected":0\}\n3\n/, 'a re-sent span is no error and no new span');
      t.regex(stdout, /\{"totalTokens":17,"droppedSpanCount":1\}/, 'the refused span counted');
      t.regex(stdout, /\{"status":"COMPLETED"\}/, 'the session finished');
      t.regex(stdout, /\{\}\n\[\{"customId":"conv-otel-1","isProduction":true\}\]/, 'the OTLP export placed');
      t.regex(
        stdout,
        /\[\{"name":"agent","type":"AGENT","parent":null\},\{"name":"chat","type":"GENERATION","parent":"trace_agent1"\},\{"name":"order_status","type":"TOOL","parent":"trace_agent1"\}\]\n\["chat","order_status"\]\n?$/,
        'the trace read back',
      );
    },
  },
  {
    file: 'docs/evaluations.md',
    check(t, stdout) {
      t.regex(stdout, /^\["PENDING"\]$/m, 'launched');
      t.regex(stdout, /^\{"status":"SUCCESS","score":1,"reason":"[^"]+"\}$/m, 'scored by the specification');
      t.regex(
        stdout,
        /^\{"error":"invalid_input","message":"[^"]*no specification \(pass metrics, or link the session to a test case of a specification\)"\}$/m,
        'the next step said',
      );
      t.regex(stdout, /^\{"status":"SUCCESS","score":0\.7,"reason":"Score supplied by the caller"\}$/m);
      t.regex(stdout, /\[\{"metricId":"exact","score":1\},\{"metricId":"self-hosted","score":0\.7\}\]\n?$/);
    },
  },
  {
    file: 'docs/runs.md',
    check(t, stdout) {
      t.regex(stdout, /^\{"error":"conflict"\}$/m, 'a build label used twice');
      t.regex(
        stdout,
        /^\{"sameRun":true,"message":"1 session evaluated \(1 evaluation created\), 0 failed, 0 skipped\."\}$/m,
        'launched',
      );
      t.regex(
        stdout,
        /^\{"status":"COMPLETED","openedBy":"CALLER","evaluationCount":2,"launches":\["COMPLETED","COMPLETED"\]\}$/m,
      );
      t.regex(
        stdout,
        /^\{"metricName":"Run tour exact","evaluations":2,"scored":2,"mean":0\.5,"min":0,"max":1\}$/m,
        'the run summary',
      );
      t.regex(stdout, /^\{"status":"COMPLETED","relaunchedFrom":true,"evaluationCount":2\}$/m, 'the relaunch');
      t.regex(
        stdout,
        /\{"deleted":true\}\n\[\{"ordinal":2,"openedBy":"LAUNCH","status":"COMPLETED"\}\]\n?$/,
        'deleted',
      );
    },
  },
  {
    file: 'docs/human-review.md',
    check(t, stdout) {
      t.regex(stdout, /^\{"name":"Support reviewers","reviewers":1\}$/m, 'the group');
      t.regex(stdout, /^true$/m, 'the queue holds the evaluation');
      t.regex(
        stdout,
        /^\{"guideline":"1 when the answer is polite and correct","turns":\[\{"input":"Where is my order\?","output":"It ships today, thanks for asking!"\}\],"testCase":null\}$/m,
        'the context',
      );
      t.regex(stdout, /^\{"claimedByRita":true\}\n\{"error":"conflict"\}$/m, 'the claim holds');
      t.regex(
        stdout,
        /\{"status":"SUCCESS","score":1,"reason":"Polite and correct","humanScore":1,"byRita":true\}\n0\n?$/,
        'the human review recorded',
      );
    },
  },
  {
    file: 'docs/operations.md',
    check(t, stdout) {
      t.regex(
        stdout,
        /^\{"status":"ok"\}\n\{"status":"ready"\}\n401\n\{"error":"unauthorized"\}\n\{"role":"ADMIN"\}$/m,
      );
      t.regex(stdout, /^\{"api":"ok","dependencies":\[\],"services":\[\]\}$/m, 'the self-check');
      t.regex(stdout, /^RateLimit-Limit: \d+$/im, 'the rate limit');
      t.regex(
        stdout,
        /\{"version":"[^"]+","commit":"[^"]+","built":true\}\n\{"latestSdkVersionPublished":"[^"]+","minimumSdkVersionSupported":"[^"]+"\}\n?$/,
        'the build info',
      );
    },
  },
  {
    file: 'docs/console.md',
    check(t, stdout) {
      t.regex(
        stdout,
        /^\{"metricName":"Console tour correctness","evaluations":3,"mean":0\.6833\d*\}$/m,
        'the head run',
      );
      t.regex(
        stdout,
        /^\[\{"ordinal":2,"customId":"nightly-2","status":"COMPLETED","evaluationCount":3\},\{"ordinal":1,"customId":"nightly-1","status":"COMPLETED","evaluationCount":3\}\]$/m,
        'both runs',
      );
      t.regex(
        stdout,
        /\/app\/compare\?base=run_\w+&head=run_\w+\n200 text\/html; charset=utf-8\n?$/,
        'the comparison page',
      );
    },
  },
  {
    file: 'docs/from-version.md',
    config: { ENDPOINT_ALLOW_PRIVATE_NETWORKS: true },
    env: () => ({ PRODUCT_URL: `${product.url}/echo` }),
    check(t, stdout) {
      t.regex(stdout, /^\{"status":200,"mapped":\{"output":"echo: hello"[^\n]*\}\}$/m, 'the connection tried');
      t.regex(stdout, /^\{"testCaseCount":2,"skipped":\[\]\}$/m, 'launched');
      t.regex(
        stdout,
        /^\{"status":"COMPLETED","progress":\{"testCases":2,"sessionsDone":2,"sessionsFailed":0\}\}$/m,
        'the launch ended',
      );
      t.regex(stdout, /^\{"metricName":"Generation exact","evaluations":2,"mean":1\}$/m, 'the run summary');
      t.regex(stdout, /\["echo: bonjour","echo: hello"\]\n?$/, 'the answers recorded');
    },
  },
];

for (const area of areas)
  test(`${area.file}: the walk-through runs top to bottom on a fresh server`, async (t) => {
    const { script, blocks } = await walkThrough(area.file, '## Walk-through');
    t.true(blocks >= 5 && blocks <= 12, `${blocks} blocks`);
    const world = await startWorld('sqlite', area.config);
    try {
      const { stdout } = await runWalkThrough(script, {
        KEY: world.adminKey,
        API: world.url,
        ...area.env?.(),
      });
      area.check(t, stdout);
    } finally {
      await world.close();
    }
  });
