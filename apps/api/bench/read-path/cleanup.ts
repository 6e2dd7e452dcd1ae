/**
 * What the bench must undo whatever happens (a failure, Ctrl-C): stop the processes it started,
 * drop the databases it made, remove its temporary folders. Tasks run last-registered first,
 * once, each even when another fails.
 */
type Task = () => Promise<void> | void;

const tasks: { name: string; task: Task }[] = [];
let running: Promise<void> | undefined;

/** Registers `task`; the returned function runs it now (and unregisters it). */
export function atCleanup(name: string, task: Task): () => Promise<void> {
  const entry = { name, task };
  tasks.push(entry);
  return async () => {
    const at = tasks.indexOf(entry);
    if (at === -1) return;
    tasks.splice(at, 1);
    await task();
  };
}

export function cleanUpAll(): Promise<void> {
  running ??= (async () => {
    for (let entry = tasks.pop(); entry; entry = tasks.pop()) {
      try {
        await entry.task();
      } catch (error) {
        console.error(`cleanup: ${entry.name} failed:`, error instanceof Error ? error.message : error);
      }
    }
  })();
  return running;
}
