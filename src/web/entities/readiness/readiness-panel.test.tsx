import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadinessResponse } from '@shared/contracts/publish';
import { ReadinessBar, ReadinessPanel } from './readiness-panel';

afterEach(cleanup);

const readiness = (overrides: Partial<ReadinessResponse> = {}): ReadinessResponse => ({
  itemId: '11111111-1111-4111-8111-111111111111',
  isValid: true,
  errors: [],
  warnings: [],
  checklist: {
    hasTitle: true,
    hasDescription: true,
    hasImages: true,
    hasCategory: true,
    hasCondition: true,
    hasBrand: true,
    hasPrice: true,
    hasPolicies: true,
    hasLocation: true,
    hasConnection: true,
  },
  score: 100,
  preflight: {
    checked: true,
    unavailable: null,
    problems: [],
    categorySuggestions: [],
    condition: { id: 3000, label: 'Pre-owned – Good' },
  },
  canPublish: true,
  ...overrides,
});

describe('ReadinessBar', () => {
  it.each([
    [100, 'green', 'bg-emerald-500'],
    [90, 'green', 'bg-emerald-500'],
    [89, 'yellow', 'bg-yellow-400'],
    [70, 'yellow', 'bg-yellow-400'],
    [69, 'orange', 'bg-orange-500'],
    [50, 'orange', 'bg-orange-500'],
    [49, 'red', 'bg-red-500'],
    [0, 'red', 'bg-red-500'],
  ])('%i%% is %s', (percent, colour, fill) => {
    render(<ReadinessBar percent={percent} />);
    const bar = screen.getByRole('progressbar', { name: 'Readiness' });
    expect(bar.getAttribute('data-colour')).toBe(colour);
    expect(bar.getAttribute('aria-valuenow')).toBe(String(percent));
    const fillElement = bar.firstElementChild as HTMLElement;
    expect(fillElement.classList.contains(fill)).toBe(true);
    expect(fillElement.style.width).toBe(`${percent}%`);
    expect(screen.getByText(`${percent}%`)).toBeTruthy();
  });

  it('a listing with blocking errors is blocked with what is left, not 89%', () => {
    render(
      <ReadinessPanel readiness={readiness({ isValid: false, canPublish: false, score: 89, errors: ['Add a brand', 'Add a size'] })} />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Readiness' });
    expect(bar.getAttribute('data-colour')).toBe('red');
    expect(bar.getAttribute('aria-valuetext')).toBe('Blocked · 2 to fix');
    expect(screen.getByTestId('readiness-blocked').textContent).toBe('Blocked · 2 to fix');
    expect(screen.queryByText('89%')).toBeNull();
  });
});

describe('ReadinessPanel', () => {
  it('lists errors and eBay problems in words, warnings apart, and says nothing is ready', () => {
    render(
      <ReadinessPanel
        readiness={readiness({
          isValid: false,
          canPublish: false,
          score: 56,
          errors: ['Category is required'],
          warnings: ['Brand is recommended for clothing items'],
          preflight: {
            checked: true,
            unavailable: null,
            condition: null,
            categorySuggestions: [],
            problems: [
              {
                field: 'aspects',
                message: 'Department is required by eBay: one of Men',
                aspect: { name: 'Department', allowedValues: ['Men'] },
              },
            ],
          },
        })}
      />,
    );
    const errors = screen.getByTestId('readiness-errors').textContent;
    expect(errors).toContain('Category is required');
    expect(errors).toContain('Department is required by eBay: one of Men');
    expect(screen.getByTestId('readiness-warnings').textContent).toContain('Brand is recommended for clothing items');
    expect(screen.queryByTestId('readiness-ok')).toBeNull();
    // Blocked, whatever its percent.
    expect(screen.getByRole('progressbar').getAttribute('data-colour')).toBe('red');
    expect(screen.getByTestId('readiness-blocked').textContent).toBe('Blocked · 2 to fix');
  });

  it('says ready, with the eBay condition, when nothing blocks', () => {
    render(<ReadinessPanel readiness={readiness()} />);
    expect(screen.getByTestId('readiness-ok').textContent).toBe('Ready to publish · eBay condition: Pre-owned – Good');
    expect(screen.queryByTestId('readiness-errors')).toBeNull();
  });
});

describe('ReadinessPanel of a published item', () => {
  it('says it is live instead of ready', () => {
    render(<ReadinessPanel readiness={readiness()} published />);
    expect(screen.getByTestId('readiness-ok').textContent).toBe('Live on eBay · eBay condition: Pre-owned – Good');
  });

  it('sold elsewhere while its eBay listing is still live: "Still live on eBay" in amber, not live in green', () => {
    render(<ReadinessPanel readiness={readiness()} published stillLive />);
    const line = screen.getByTestId('readiness-ok');
    expect(line.textContent).toBe('Still live on eBay · eBay condition: Pre-owned – Good');
    expect(line.className).toContain('text-amber-800');
  });
});
