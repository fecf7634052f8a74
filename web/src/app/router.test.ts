import { WEB_APP_PATHS } from '@relate/contracts';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

const pathsOf = (list: RouteObject[]): string[] =>
  list.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [route.path] : []),
    ...pathsOf(route.children ?? []),
  ]);

describe('router', () => {
  it('has exactly the pages the server answers with 200 (every other path is a 404)', () => {
    expect(pathsOf(routes).sort()).toEqual([...WEB_APP_PATHS].sort());
  });
});
