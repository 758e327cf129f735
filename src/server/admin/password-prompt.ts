/** Terminal input for admin:create: a line typed without echo, or the whole of standard input. */

/** Reads one line from the terminal without echoing it; undefined when standard input is not a terminal. */
export function readHiddenLine(prompt: string): Promise<string | undefined> {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) return Promise.resolve(undefined);
  stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let line = '';
    const finish = (value: string | undefined, error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish(line);
        if (ch === '\u0003') return finish(undefined, new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') line = line.slice(0, -1);
        else line += ch;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
