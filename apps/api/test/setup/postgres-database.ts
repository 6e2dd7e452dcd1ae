import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresRunUrl: string;
  }
}

/**
 * One database per test run, created from TEST_DATABASE_URL and dropped afterwards; each test
 * file then works in a schema of its own inside it (see helpers.ts).
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL as string;
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const runUrl = new URL(baseUrl);
  runUrl.pathname = `/${name}`;
  project.provide('postgresRunUrl', runUrl.toString());

  return async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
