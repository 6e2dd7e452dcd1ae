import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('the page to return to after signing in', () => {
  it("is the router state's page, with its query and hash", () => {
    const from = { pathname: '/parts', search: '?q=ryzen', hash: '#top' };
    expect(returnPath({ from }, '/dashboard')).toBe('/parts?q=ryzen#top');
    expect(returnPath({ from: { pathname: '/purchase/p-1' } })).toBe('/purchase/p-1');
  });

  it('is the remembered page without a router state, and home for anything else', () => {
    expect(returnPath(null, '/dashboard/my-orders')).toBe('/dashboard/my-orders');
    expect(returnPath({ from: 'nowhere' }, '/blogs')).toBe('/blogs');
    expect(returnPath({ from: { pathname: 42 } })).toBe('/');
    expect(returnPath({ from: { pathname: '//evil.example' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/login' } })).toBe('/');
    expect(returnPath(undefined)).toBe('/');
  });
});
