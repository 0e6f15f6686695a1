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
