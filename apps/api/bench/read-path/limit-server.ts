/**
 * The limit: a bare node:http process answering each route with the body the store gave for it,
 * precomputed (same status and content type), so the only work left is HTTP itself. Run as a
 * child of the bench (limit-process.ts): reads its answers as JSON on stdin, then prints
 * `listening <port>`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CannedResponse {
  status: number;
  contentType: string;
  /** base64 */
  body: string;
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

const answers = new Map(
  Object.entries(JSON.parse(await readStdin()) as Record<string, CannedResponse>).map(([key, canned]) => {
    const body = Buffer.from(canned.body, 'base64');
    const headers = { 'content-type': canned.contentType, 'content-length': String(body.length) };
    return [key, { status: canned.status, headers, body }];
  }),
);

const server = createServer((req, res) => {
  const answer = answers.get(`${req.method} ${req.url}`);
  req.resume(); // an order's body is read and dropped
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers).end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
