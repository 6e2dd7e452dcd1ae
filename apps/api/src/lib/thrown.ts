/**
 * What a `catch` holds is typed `unknown`: an Error, a driver's or a library's plain object, or
 * anything at all. These read it without asserting what it is.
 */

/** A field of whatever was thrown (`code`, `message`, `cause`…), if it has one. */
export function fieldOf(thrown: unknown, name: string): unknown {
  return typeof thrown === 'object' && thrown !== null ? Reflect.get(thrown, name) : undefined;
}

/** A system call's or a stream's error code (`ENOENT`, `EPERM`…), if any. */
export const codeOf = (thrown: unknown): unknown => fieldOf(thrown, 'code');

/** Whatever was thrown, as an Error. */
export const asError = (thrown: unknown): Error =>
  thrown instanceof Error ? thrown : new Error(String(thrown));
