/** A queue of one: each `work` given to the returned function starts once the one before it settled. */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return (work) => {
    const turn = queue.then(work);
    queue = turn.catch(() => {});
    return turn;
  };
}
