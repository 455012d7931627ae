import { createTemplate } from '@/testing/data-generators';
import { act, fireEvent, renderApp, screen } from '@/testing/test-utils';

import { TemplateRow } from './template-row';

/**
 * A stand-in for the browser's IntersectionObserver (jsdom has none): the test says which
 * cards are near the screen, as scrolling would.
 */
class FakeObserver {
  static instances: FakeObserver[] = [];
  targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets = [];
  }
  takeRecords() {
    return [];
  }
  /** Reports the cards at `indexes` as near the screen, `ratio` of each inside it. */
  show(indexes: number[], ratio = 1) {
    const entries = this.targets
      .filter((target) => indexes.includes(Number((target as HTMLElement).dataset.index)))
      .map((target) => ({ target, isIntersecting: true, intersectionRatio: ratio }) as unknown as IntersectionObserverEntry);
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

const templates = Array.from({ length: 8 }, (_, n) => createTemplate({ id: `card-${n}`, name: `Card ${n}` }));

/** The names of the cards whose preview has been requested (a failed one shows an icon, no image). */
function requested() {
  return screen
    .getAllByRole('img')
    .filter((image) => image.hasAttribute('src'))
    .map((image) => image.getAttribute('alt'));
}

describe('TemplateRow preview loading', () => {
  beforeEach(() => {
    FakeObserver.instances = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  test('requests only the previews of cards near the screen, then the next two once those arrived', () => {
    renderApp(<TemplateRow category="Church" slug="church" templates={templates} eager />);

    // Every card is named before its preview is requested.
    expect(screen.getAllByRole('img')).toHaveLength(8);
    expect(requested()).toEqual([]);

    const observer = FakeObserver.instances.at(-1);
    if (!observer) throw new Error('the row watches no cards');
    observer.show([0, 1]);
    // The third card peeks in at the row's edge: it waits.
    observer.show([2], 0.3);
    expect(requested()).toEqual(['Card 0', 'Card 1']);

    fireEvent.load(screen.getByRole('img', { name: 'Card 0' }));
    expect(requested()).toEqual(['Card 0', 'Card 1']);
    // A preview that fails counts as arrived (its box shows an icon instead).
    fireEvent.error(screen.getByRole('img', { name: 'Card 1' }));
    expect(requested()).toEqual(['Card 0', 'Card 2', 'Card 3']);

    observer.show([6]);
    expect(requested()).toEqual(['Card 0', 'Card 2', 'Card 3', 'Card 4', 'Card 5', 'Card 6']);
  });

  test('requests every preview where the browser cannot tell what is on screen', () => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    renderApp(<TemplateRow category="Church" slug="church" templates={templates} />);
    expect(requested()).toEqual(templates.map((t) => t.name));
  });
});
