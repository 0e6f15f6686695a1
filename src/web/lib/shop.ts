import { useEffect } from 'react';

const FALLBACK_SHOP_NAME = 'Nour';

function readShopName(): string {
  // The server rewrites this meta tag from SHOP_NAME, so one build serves any shop's name.
  const content = document.querySelector<HTMLMetaElement>('meta[name="shop-name"]')?.content.trim();
  return content || FALLBACK_SHOP_NAME;
}

/** The shop's name, read once at start-up; used by the logo, the footer and document titles. */
export const shopName: string = readShopName();

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
