import { arabic, type ArabicSections } from './arabic';

/**
 * Completes the page's Arabic dictionary with sections loaded later (the admin's screens', from their
 * chunk): the page's texts and its translator then read them too. Nothing happens on an English page.
 * Apart from ./arabic.ts, which every page loads first, as only the admin calls it.
 */
export function addArabicSections(sections: ArabicSections): void {
  if (arabic) Object.assign(arabic, sections);
}
