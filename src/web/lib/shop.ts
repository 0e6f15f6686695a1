import { useEffect } from 'react';

const FALLBACK_SHOP_NAME = 'Nour';

function readShopName(): string {
  // The server rewrites this meta tag from SHOP_NAME, so one build serves any shop's name.
  const content = document.querySelector<HTMLMetaElement>('meta[name="shop-name"]')?.content.trim();
  return content || FALLBACK_SHOP_NAME;
}

/** The shop's name, read once at start-up; used by the logo, the footer and document titles. */
export const shopName: string = readShopName();

const FALLBACK_WALLET_NUMBER = '01012345678';

/**
 * The mobile wallet shoppers pay into (SPEC §9), read once from `<meta name="wallet-number">`, which the
 * server rewrites from SHOP_WALLET_NUMBER like the shop's name.
 */
export const walletNumber: string =
  document.querySelector<HTMLMetaElement>('meta[name="wallet-number"]')?.content.trim() ||
  FALLBACK_WALLET_NUMBER;

/**
 * The digits of the shop's wa.me links, from `<meta name="whatsapp-number">` (the server writes the
 * digits of SHOP_WHATSAPP there), or null when the shop has none and its WhatsApp links stay hidden.
 * Read when asked rather than once: it is one look-up, and a test can set the tag.
 */
export function whatsappNumber(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="whatsapp-number"]')?.content.trim() || null;
}

/** "Page | Shop", or the shop's name alone when the page has no title of its own. */
export function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} | ${shopName}` : shopName;
}

/** Sets the tab title while the calling page is shown. */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
