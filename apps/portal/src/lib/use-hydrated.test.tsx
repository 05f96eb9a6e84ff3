import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test with modules of its own: whether the browser took a page over is one fact per document.
async function load() {
  vi.resetModules();
  const [{ useHydrated }, { ServerLayoutContext }] = await Promise.all([
    import('./use-hydrated'),
    import('./use-smartphone'),
  ]);
  const seen: boolean[] = [];
  function Part() {
    const hydrated = useHydrated();
    seen.push(hydrated);
    return <p>{hydrated ? 'table' : 'loading'}</p>;
  }
  const onServerPage = (node: React.ReactNode) => (
    <ServerLayoutContext value={{ smartphone: false }}>{node}</ServerLayoutContext>
  );
  return { Part, seen, onServerPage };
}

describe('useHydrated', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('is true from the first render of a page the browser renders alone', async () => {
    const { Part, seen } = await load();
    render(<Part />);
    expect(seen[0]).toBe(true);
  });

  it('is false on the server', async () => {
    const { Part, onServerPage } = await load();
    expect(renderToString(onServerPage(<Part />))).toBe('<p>loading</p>');
  });

  it('takes the server’s page over as it is, then switches; later parts are true from their first render', async () => {
    const { Part, seen, onServerPage } = await load();
    const container = document.createElement('div');
    container.innerHTML = renderToString(onServerPage(<Part />));
    document.body.append(container);
    seen.length = 0;
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, onServerPage(<Part />), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(seen).toEqual([false, true]);
    expect(container.textContent).toBe('table');

    seen.length = 0;
    render(onServerPage(<Part />));
    expect(seen[0]).toBe(true);
  });
});
