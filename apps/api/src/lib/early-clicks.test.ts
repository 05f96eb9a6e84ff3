// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { EARLY_CLICKS_SCRIPT } from './early-clicks.ts';

/** What the test reaches of jsdom's page (the API is typed without the DOM's types). */
interface ElementLike {
  id: string;
  dispatchEvent(event: EventLike): boolean;
}
interface EventLike {
  defaultPrevented: boolean;
}
const { document, MouseEvent } = globalThis as unknown as {
  document: { body: { innerHTML: string }; getElementById(id: string): ElementLike };
  MouseEvent: new (type: string, init: { bubbles: boolean; cancelable: boolean }) => EventLike;
};
const window = globalThis as unknown as { lynkEarlyClicks?: { takeOver(): ElementLike | null } };

/** A page as the server renders it, with the script run as its head would run it. */
function renderedPage() {
  document.body.innerHTML = `
    <div id="root">
      <form><button type="submit" id="send"><span id="label">Send</span></button></form>
      <button type="button" id="question">How do I export my transactions?</button>
      <a href="#elsewhere" id="link">Profile</a>
      <label id="field-label">Name <input id="field" /></label>
    </div>
    <button type="button" id="outside">Outside the portal</button>`;
  new Function(EARLY_CLICKS_SCRIPT)();
}

function click(id: string): EventLike {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.getElementById(id).dispatchEvent(event);
  return event;
}

beforeEach(renderedPage);

describe("the rendered page's early clicks script", () => {
  it('keeps a click on a button of the page, without letting its form submit', () => {
    const event = click('label');
    expect(event.defaultPrevented).toBe(true);
    expect(window.lynkEarlyClicks!.takeOver()).toBe(document.getElementById('label'));
  });

  it('keeps only the last click', () => {
    click('question');
    click('send');
    click('question');
    expect(window.lynkEarlyClicks!.takeOver()?.id).toBe('question');
  });

  it('leaves what the browser answers alone: a link, a field, its label, anything outside the portal', () => {
    for (const id of ['link', 'field', 'field-label', 'outside']) {
      expect(click(id).defaultPrevented, id).toBe(false);
    }
    expect(window.lynkEarlyClicks!.takeOver()).toBeNull();
  });

  it('keeps nothing once the portal has taken the page over, and hands a click over once', () => {
    click('question');
    const takeOver = window.lynkEarlyClicks!.takeOver;
    expect(takeOver()?.id).toBe('question');
    expect(click('question').defaultPrevented).toBe(false);
    expect(takeOver()).toBeNull();
  });
});
