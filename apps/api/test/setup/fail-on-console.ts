import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';

/** Tests fail loudly: any console.error or console.warn during a test fails that test. */
let written: string[] = [];

beforeEach(() => {
  written = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      written.push(`console.${level}: ${format(...args)}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (written.length > 0) throw new Error(`Unexpected console output:\n${written.join('\n')}`);
});
