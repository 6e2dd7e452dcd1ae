/**
 * The limit for order placement: a bare node:http process that answers each POST with
 * one durable `INSERT … RETURNING` through a `pg` pool of the bench's connection count, and
 * nothing else (no ORM, no validation, no stock). What a store cannot beat on this machine and
 * this PostgreSQL. Run as a child of the bench (insert-limit-process.ts): reads the database URL
 * and pool size from its arguments, then prints `listening <port>`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

const [url, size] = process.argv.slice(2);
if (!url || !size) throw new Error('usage: insert-limit-server.ts <database url> <pool size>');
const pool = new pg.Pool({ connectionString: url, max: Number(size) });

const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    pool.query<{ id: string }>('insert into bench_insert_limit (body) values ($1) returning id', [body]).then(
      ({ rows }) => {
        const answer = JSON.stringify({ acknowledged: true, insertedId: rows[0]?.id });
        res.writeHead(201, { 'content-type': 'application/json' }).end(answer);
      },
      (error: unknown) => {
        console.error(error);
        res.writeHead(500).end();
      },
    );
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  server.close(() => void pool.end().then(() => process.exit(0)));
  server.closeAllConnections();
});
