import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyRoute } from './lazy-page';

/** A chunk that arrives when the test says so. */
function chunk() {
  let arrive: (module: { Table: () => React.ReactNode }) => void = () => undefined;
  const promise = new Promise<{ Table: () => React.ReactNode }>((resolve) => (arrive = resolve));
  return { load: vi.fn(() => promise), arrive: () => arrive({ Table: () => <p>the table</p> }) };
}

const matched = { request: new Request('http://localhost/1001/lynk-wallet/orders?page=2'), params: {} };

describe('lazyRoute renderWhenLoaded', () => {
  it('starts the download when the route matches and renders around the page while it loads', async () => {
    const { load, arrive } = chunk();
    const prefetch = vi.fn();
    const route = lazyRoute(load, (m) => <m.Table />, { renderWhenLoaded: true, prefetch });
    // The router runs the loader as soon as the URL matches: it returns at once, the chunk on its way.
    expect((route.loader as (args: LoaderFunctionArgs) => unknown)(matched as LoaderFunctionArgs)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    render(<Suspense fallback={<p>loading</p>}>{route.element}</Suspense>);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(prefetch).not.toHaveBeenCalled();
    arrive();
    expect(await screen.findByText('the table')).toBeInTheDocument();
    expect(prefetch).toHaveBeenCalledWith(
      expect.objectContaining({ Table: expect.any(Function) }),
      new URL(matched.request.url),
    );
  });

  it('shows the page with what its route asked for the first time: it waits for that prefetch', async () => {
    const { load, arrive } = chunk();
    let rowsArrive: () => void = () => undefined;
    const prefetch = vi.fn(() => new Promise<void>((resolve) => (rowsArrive = resolve)));
    const route = lazyRoute(load, (m) => <m.Table />, { renderWhenLoaded: true, prefetch });
    (route.loader as (args: LoaderFunctionArgs) => unknown)(matched as LoaderFunctionArgs);
    render(<Suspense fallback={<p>loading</p>}>{route.element}</Suspense>);
    arrive();
    await vi.waitFor(() => expect(prefetch).toHaveBeenCalled());
    // The chunk is in, its rows are not: still the loader, not a table of skeletons.
    // (React holds a fallback ~300 ms before it reveals what resolved: longer than that.)
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByText('loading')).toBeInTheDocument();
    rowsArrive();
    expect(await screen.findByText('the table')).toBeInTheDocument();
  });

  it('asks again each time the route matches a URL (another page, a filter), not only the first', async () => {
    const { load, arrive } = chunk();
    const prefetch = vi.fn();
    const route = lazyRoute(load, (m) => <m.Table />, { renderWhenLoaded: true, prefetch });
    const runLoader = (url: string) =>
      (route.loader as (args: LoaderFunctionArgs) => unknown)({
        request: new Request(url),
        params: {},
      } as LoaderFunctionArgs);
    runLoader(matched.request.url);
    arrive();
    await vi.waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
    runLoader('http://localhost/1001/lynk-wallet/orders?page=3');
    await vi.waitFor(() => expect(prefetch).toHaveBeenCalledTimes(2));
    expect(prefetch).toHaveBeenLastCalledWith(
      expect.anything(),
      new URL('http://localhost/1001/lynk-wallet/orders?page=3'),
    );
  });

  it('does not wait for a prefetch that failed', async () => {
    const { load, arrive } = chunk();
    const prefetch = vi.fn(() => Promise.reject(new Error('offline')));
    const route = lazyRoute(load, (m) => <m.Table />, { renderWhenLoaded: true, prefetch });
    (route.loader as (args: LoaderFunctionArgs) => unknown)(matched as LoaderFunctionArgs);
    render(<Suspense fallback={<p>loading</p>}>{route.element}</Suspense>);
    arrive();
    expect(await screen.findByText('the table')).toBeInTheDocument();
  });

  it('by default leaves the page to the router, which renders once every matched chunk is in', () => {
    const route = lazyRoute(chunk().load, (m) => <m.Table />);
    expect(route.lazy).toBeTypeOf('function');
    expect(route.element).toBeUndefined();
  });
});
