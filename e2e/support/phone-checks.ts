/**
 * What every screen owes a seller on a phone: nothing overflows sideways, every target a
 * finger can hit is at least 44x44 px (WCAG 2.5.5), and axe finds no serious or critical WCAG 2 A/AA violation.
 */
import { seriousViolations } from './axe';
import { expect, type Page } from '@playwright/test';
import { saveScreen } from './screens';

/** The page does not scroll sideways: the document is no wider than the window. */
export async function expectNoSidewaysScroll(page: Page, where = page.url()) {
  // A phone widens its layout viewport to fit what overflows (innerWidth grows with it): compare with the screen's width.
  const screen = page.viewportSize()!.width;
  const { scroll, widest } = await page.evaluate((width) => {
    // The innermost element that reaches past the screen's right edge names the culprit in the failure.
    const past = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => el.getBoundingClientRect().right > width + 0.5);
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    const name = (el: HTMLElement) =>
      `<${el.tagName.toLowerCase()}${el.dataset.testid ? ` data-testid="${el.dataset.testid}"` : ''} class="${el.className}">` +
      ` "${(el.textContent ?? '').trim().slice(0, 60)}" right ${Math.round(el.getBoundingClientRect().right)} px`;
    return { scroll: document.scrollingElement!.scrollWidth, widest: innermost.slice(0, 3).map(name).join('; ') };
  }, screen);
  expect.soft(scroll, `${where}: page is ${scroll} px wide on a ${screen} px screen (${widest})`).toBeLessThanOrEqual(screen);
}

export interface TouchTargetOptions {
  min?: number;
  /**
   * CSS selectors of targets that cannot grow, each with its reason in a comment where it is passed. Keep it short:
   * every entry is a place a finger may miss.
   */
  except?: string[];
}

/**
 * Every visible button, link, form field, checkbox and [role=button|checkbox|switch|tab|link|slider] is at least
 * `min` px wide and tall, or has a hit area that is: its label (a checkbox inside a 44 px label), or an absolutely
 * positioned ::before/::after pseudo-element around it. Geometry only: the element's own box and those areas.
 */
export async function expectTouchTargets(page: Page, { min = 44, except = [] }: TouchTargetOptions = {}, where = page.url()) {
  const small = await page.evaluate(
    ({ min, except }) => {
      const selector = [
        'a[href]',
        'button',
        'input:not([type=hidden])',
        'select',
        'textarea',
        'summary',
        '[role=button]',
        '[role=checkbox]',
        '[role=switch]',
        '[role=tab]',
        '[role=link]',
        '[role=slider]',
        '[role=radio]',
        '[role=menuitem]',
        '[role=option]',
        '[role=combobox]',
      ].join(',');
      const fits = (w: number, h: number) => w >= min - 0.5 && h >= min - 0.5;
      const pseudoFits = (el: Element) =>
        (['::before', '::after'] as const).some((pseudo) => {
          const style = getComputedStyle(el, pseudo);
          if (style.content === 'none' || style.display === 'none' || style.position !== 'absolute') return false;
          return fits(parseFloat(style.width), parseFloat(style.height));
        });
      const labelFor = (el: Element): Element | null => {
        const own = (el as HTMLInputElement).labels?.[0];
        return own ?? el.closest('label');
      };
      const describe = (el: Element, w: number, h: number) => {
        const name =
          el.getAttribute('aria-label') ??
          (el as HTMLInputElement).labels?.[0]?.textContent ??
          el.textContent ??
          el.getAttribute('placeholder') ??
          '';
        const tag = el.tagName.toLowerCase() + (el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : '');
        return `${tag} "${name.trim().replace(/\s+/g, ' ').slice(0, 40)}" ${Math.round(w)}x${Math.round(h)}`;
      };
      const out: string[] = [];
      for (const el of document.querySelectorAll(selector)) {
        if (except.some((s) => el.matches(s))) continue;
        if (!el.checkVisibility({ opacityProperty: false, visibilityProperty: true })) continue;
        if (el.closest('[aria-hidden=true], [inert]')) continue;
        const box = el.getBoundingClientRect();
        // A visually hidden control (sr-only file input, a native checkbox behind a drawn one) is hit through its label.
        const hidden = box.width <= 1 || box.height <= 1 || getComputedStyle(el).opacity === '0';
        if (!hidden && fits(box.width, box.height)) continue;
        if (!hidden && pseudoFits(el)) continue;
        const label = labelFor(el);
        if (label) {
          const area = label.getBoundingClientRect();
          if (fits(area.width, area.height) || pseudoFits(label)) continue;
        }
        if (hidden && !label) continue;
        out.push(describe(el, box.width, box.height));
      }
      return out;
    },
    { min, except },
  );
  expect.soft(small, `${where}: targets under ${min} px`).toEqual([]);
}

/**
 * Every visible select and text field shows its whole value: the text, measured in the field's own font, fits the
 * field's content box (less the arrow of a select). A phone cut "Womens Jeans" to "Womens Je".
 */
export async function expectNoCutOffFields(page: Page, where = page.url()) {
  const cut = await page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!;
    const fields = document.querySelectorAll<HTMLSelectElement | HTMLInputElement>(
      'select, input:not([type=checkbox], [type=radio], [type=range], [type=hidden], [type=file], [type=password])',
    );
    const out: string[] = [];
    for (const field of fields) {
      if (!field.checkVisibility() || field === document.activeElement) continue;
      const text = field instanceof HTMLSelectElement ? (field.selectedOptions[0]?.text ?? '') : field.value;
      if (!text) continue;
      const style = getComputedStyle(field);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const arrow = field instanceof HTMLSelectElement ? 20 : 0;
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
      const needed = context.measureText(text).width;
      if (needed > room + 1) out.push(`"${text}" needs ${Math.round(needed)} px, has ${Math.round(room)}`);
    }
    return out;
  });
  expect.soft(cut, `${where}: fields cut off`).toEqual([]);
}

/** axe-core (WCAG 2 A/AA): no serious or critical violation. */
export async function expectNoSeriousAxeViolations(page: Page, where = page.url()) {
  expect.soft(await seriousViolations(page), `${where}: serious axe violations`).toEqual([]);
}

/** All three checks, and a screenshot of the screen to look at (a full-page one resizes the page, and the touch emulation with it). */
export async function expectPhoneFriendly(page: Page, step: string, options: TouchTargetOptions = {}) {
  await saveScreen(page, { path: `e2e/.artifacts/screens/${step}.png`, scale: 'css' });
  await expectNoSidewaysScroll(page, step);
  await expectNoCutOffFields(page, step);
  await expectTouchTargets(page, options, step);
  await expectNoSeriousAxeViolations(page, step);
}
