import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyClicks, replayEarlyClick } from './early-clicks';

/** The page's script as the server sends it would hand `kept` over, once. */
function pageKept(kept: Element | null) {
  const takeOver = vi.fn(() => kept);
  window.lynkEarlyClicks = { takeOver };
  return takeOver;
}

afterEach(() => {
  delete window.lynkEarlyClicks;
  document.body.innerHTML = '';
});

describe('early clicks', () => {
  it('makes the kept click again on the element it landed on, once', () => {
    const button = document.body.appendChild(document.createElement('button'));
    const label = button.appendChild(document.createElement('span'));
    const clicked = vi.fn();
    button.addEventListener('click', clicked);
    const takeOver = pageKept(label);
    replayEarlyClick();
    expect(takeOver).toHaveBeenCalledTimes(1);
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('does not click an element no longer in the page, nor anything when the page kept nothing', () => {
    const gone = document.createElement('button');
    const clicked = vi.fn();
    gone.addEventListener('click', clicked);
    pageKept(gone);
    replayEarlyClick();
    pageKept(null);
    replayEarlyClick();
    delete window.lynkEarlyClicks;
    replayEarlyClick();
    expect(clicked).not.toHaveBeenCalled();
  });

  it('stops the page keeping clicks when the page is rendered anew, clicking nothing', () => {
    const button = document.body.appendChild(document.createElement('button'));
    const clicked = vi.fn();
    button.addEventListener('click', clicked);
    const takeOver = pageKept(button);
    dropEarlyClicks();
    expect(takeOver).toHaveBeenCalledTimes(1);
    expect(clicked).not.toHaveBeenCalled();
  });
});
