import { Link } from 'react-router';
import { format } from '@/web/i18n/language';
import { layout } from '@/web/i18n/first-screen';
import { WhatsAppLink } from '@/web/components/whatsapp-link';
import { shopName } from '@/web/lib/shop';
import { useSession } from '@/web/session/session';
import { mainLinks } from './main-links';
import { href } from '@/web/paths';

const m = layout;

const socialLinks = [
  { network: m.facebook, href: 'https://www.facebook.com/' },
  { network: m.instagram, href: 'https://www.instagram.com/' },
  { network: m.tiktok, href: 'https://www.tiktok.com/' },
] as const;

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
      <ul className="mt-4 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-ink-soft transition hover:text-ink">
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
      <div className="shell grid gap-10 py-12 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm">
          <Link to={href.home()} className="font-display text-2xl tracking-[0.08em] text-ink">
            {shopName}
          </Link>
          <p className="mt-3 text-sm leading-relaxed text-ink-soft">{m.footerTagline}</p>
          <ul aria-label={m.socialLinks} className="mt-6 flex flex-wrap gap-2">
            {socialLinks.map((link) => (
              <li key={link.network}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={format(m.followUs, { network: link.network })}
                  className="inline-flex items-center rounded-pill border border-line-strong px-4 py-1.5 text-xs font-medium tracking-wide text-ink-soft transition hover:border-ink hover:text-ink"
                >
                  {link.network}
                </a>
              </li>
            ))}
          </ul>
          <WhatsAppLink
            label={m.chatWithUs}
            text={format(m.chatText, { shop: shopName })}
            className="btn btn-accent mt-6 px-4 py-2 text-sm"
          />
        </div>
        <FooterLinks label={m.shopLinks} links={mainLinks} />
        <FooterLinks label={m.accountLinks} links={accountLinks} />
      </div>
      <div className="border-t border-line">
        <p className="shell py-5 text-xs text-ink-soft">{format(m.copyright, { year, shop: shopName })}</p>
      </div>
    </footer>
  );
}
