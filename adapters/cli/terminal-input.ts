import { createInterface } from 'node:readline';

/** What the CLI reads from its standard input: piped text, or answers a person types at a terminal. */
export interface CliInput {
  /** Whether stdin is a terminal a person types into (prompts are possible). */
  readonly isTerminal: boolean;
  /** Everything on stdin, to its end. */
  readAll(): Promise<string>;
  /** One answer typed at the terminal, not echoed when `secret`; null when input ended (Ctrl-D) or was cancelled. */
  ask(question: string, options?: { secret?: boolean }): Promise<string | null>;
}

type Stdin = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(mode: boolean): unknown };

/** One visible line, read by readline (which echoes and edits). */
function askLine(stdin: Stdin, prompts: NodeJS.WritableStream, question: string): Promise<string | null> {
  const lines = createInterface({ input: stdin, output: prompts, terminal: true });
  return new Promise((resolve) => {
    let answer: string | null = null;
    lines.once('line', (line) => {
      answer = line;
      lines.close();
    });
    lines.on('SIGINT', () => lines.close());
    lines.once('close', () => resolve(answer));
    lines.setPrompt(question);
    lines.prompt();
  });
}

/** One hidden line: the terminal in raw mode, so nothing typed is drawn; backspace edits, Ctrl-C and Ctrl-D cancel. */
function askHidden(stdin: Stdin, prompts: NodeJS.WritableStream, question: string): Promise<string | null> {
  // Raw mode before the prompt shows: a key typed the moment the prompt appears must not be echoed by the terminal.
  stdin.setRawMode?.(true);
  prompts.write(question);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve) => {
    let typed = '';
    const finish = (answer: string | null) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      prompts.write('\n');
      resolve(answer);
    };
    const onData = (chunk: string | Buffer) => {
      for (const char of String(chunk)) {
        if (char === '\r' || char === '\n') return finish(typed);
        if (char === '\u0003' || char === '\u0004') return finish(null);
        typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
      }
    };
    stdin.on('data', onData);
    stdin.once('end', () => finish(null));
  });
}

/** The process's stdin, with prompts drawn on `prompts` (stderr, so stdout stays the command's answer). */
export function processInput(stdin: Stdin, prompts: NodeJS.WritableStream): CliInput {
  return {
    isTerminal: Boolean(stdin.isTTY),
    async readAll() {
      const chunks: Buffer[] = [];
      for await (const chunk of stdin) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks).toString('utf8');
    },
    ask: (question, options = {}) =>
      options.secret ? askHidden(stdin, prompts, question) : askLine(stdin, prompts, question),
  };
}
