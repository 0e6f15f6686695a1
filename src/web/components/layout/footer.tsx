import { Link } from 'react-router';
import { isolate } from '@/web/i18n/bidi';
import { format } from '@/web/i18n/language';
import { layout } from '@/web/i18n/first-screen';
import { WhatsAppLink } from '@/web/components/whatsapp-link';
import { shopName } from '@/web/lib/shop';
import { useSession } from '@/web/session/session';
import { mainLinks } from './main-links';
import { href } from '@/web/paths';
import { POLICY_PAGES } from '@/shared/constants';
import { useShopSettings } from '@/web/lib/api/get-settings';

const m = layout;

const NETWORKS = [
  { key: 'facebook', network: m.facebook },
  { key: 'instagram', network: m.instagram },
  { key: 'tiktok', network: m.tiktok },
] as const;

const policyLinks = POLICY_PAGES.map((page) => ({ to: href.policy(page), label: m.policyPages[page] }));

function FooterLinks({
  label,
  links,
}: {
  label: string;
  links: ReadonlyArray<{ to: string; label: string }>;
}) {
  return (
    <nav aria-label={label}>
      <h2 className="eyebrow font-sans">{label}</h2>
      <ul className="mt-4 text-sm md:space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="tap-text text-ink-soft transition hover:text-ink">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { isAdmin } = useSession();
  const settings = useShopSettings();
  // The owner's own pages only: a network without a link in the settings is not shown.
  const socialLinks = NETWORKS.flatMap(({ key, network }) => {
    const link = settings?.social[key];
    return link ? [{ network, href: link }] : [];
  });
  const year = new Date().getFullYear();
  // Admins have no cart or favourites (SPEC §1), so their column leads to the dashboard instead.
  const accountLinks = isAdmin
    ? [{ to: href.adminDashboard(), label: m.dashboard }]
    : [
        { to: href.favorites(), label: m.favorites },
        { to: href.cart(), label: m.cart },
        { to: href.orders(), label: m.myOrders },
      ];
  return (
    <footer className="mt-24 border-t border-line bg-sand/60">
      <div className="shell grid gap-10 py-12 sm:grid-cols-3 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="max-w-sm">
          <Link to={href.home()} className="font-display text-2xl tracking-[0.08em] text-ink">
            <bdi>{shopName}</bdi>
          </Link>
          <p className="mt-3 text-sm leading-relaxed text-ink-soft">{m.footerTagline}</p>
          {(settings?.phone || settings?.email) && (
            <ul className="mt-4 text-sm text-ink-soft md:space-y-1">
              {settings.phone && (
                <li>
                  <a href={`tel:${settings.phone.replace(/[\s-]/g, '')}`} className="tap-text hover:text-ink">
                    {format(m.contactPhone, { phone: isolate(settings.phone) })}
                  </a>
                </li>
              )}
              {settings.email && (
                <li>
                  <a href={`mailto:${settings.email}`} className="tap-text hover:text-ink">
                    {format(m.contactEmail, { email: isolate(settings.email) })}
                  </a>
                </li>
              )}
            </ul>
          )}
          {socialLinks.length > 0 && (
            <ul aria-label={m.socialLinks} className="mt-6 flex flex-wrap gap-2">
              {socialLinks.map((link) => (
                <li key={link.network}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={format(m.followUs, { network: link.network })}
                    className="tap-text inline-flex items-center rounded-pill border border-line-strong px-4 py-1.5 text-xs font-medium tracking-wide text-ink-soft transition hover:border-ink hover:text-ink"
                  >
                    {link.network}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <WhatsAppLink
            label={m.chatWithUs}
            text={format(m.chatText, { shop: isolate(shopName) })}
            className="btn btn-accent mt-6 px-4 py-2 text-sm"
          />
        </div>
        <FooterLinks label={m.shopLinks} links={mainLinks} />
        <FooterLinks label={m.accountLinks} links={accountLinks} />
        <FooterLinks label={m.policyLinks} links={policyLinks} />
      </div>
      <div className="border-t border-line">
        <p className="shell py-5 text-xs text-ink-soft">
          {format(m.copyright, { year, shop: isolate(shopName) })}
        </p>
      </div>
    </footer>
  );
}
