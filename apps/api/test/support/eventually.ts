/**
 * The one way the API tests wait for something that happens on its own (a job, a process, a
 * server): `fn` is tried again every `interval` ms until it neither throws nor returns `false`,
 * and its value is returned. After `timeout` ms the last failure is thrown, so a test that times
 * out says what it was waiting for (`what`, and the last assertion's message).
 *
 * Never a fixed wait: a test that must show that nothing more happens waits for the event that
 * ends it (a job's completion, a process's exit), then looks.
 */
export async function eventually<T>(
  fn: () => T | Promise<T>,
  { timeout = 10_000, interval = 50, what }: { timeout?: number; interval?: number; what?: string } = {},
): Promise<Exclude<T, false>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    let failure: unknown;
    try {
      const value = await fn();
      if (value !== false) return value as Exclude<T, false>;
      failure = new Error('the condition is still false');
    } catch (error) {
      failure = error;
    }
    if (Date.now() >= deadline) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      throw new Error(`not within ${timeout} ms${what ? `: ${what}` : ''} (${reason})`, { cause: failure });
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
