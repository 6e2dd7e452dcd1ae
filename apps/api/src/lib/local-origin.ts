import type { AddressInfo } from 'node:net';

/** Where a listening server is reached from its own machine: a wildcard address is loopback. */
export function localOriginOf({ address, family, port }: AddressInfo): string {
  if (family === 'IPv6') return `http://[${address === '::' ? '::1' : address}]:${port}`;
  return `http://${address === '0.0.0.0' ? '127.0.0.1' : address}:${port}`;
}
