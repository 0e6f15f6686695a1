import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { shopName } from '@/web/lib/shop';
import { href } from '@/web/paths';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  /** The side panel's content under the shop's name (sign-in puts its security tips there). */
  aside: ReactNode;
  children: ReactNode;
}

/** The frame shared by sign-in and registration: a quiet brand panel beside the form. */
export function AuthLayout({ title, subtitle, aside, children }: AuthLayoutProps) {
  return (
    <div className="shell flex min-h-[calc(100dvh-4rem)] items-center justify-center pt-20 pb-12">
      <div className="grid w-full max-w-5xl overflow-hidden rounded-[1.5rem] border border-line bg-surface shadow-card md:grid-cols-[5fr_6fr]">
        <aside className="relative hidden flex-col justify-between overflow-hidden bg-ink p-10 text-canvas md:flex">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -end-24 -top-24 size-72 rounded-full bg-accent/30 blur-3xl"
          />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -start-16 -bottom-28 size-72 rounded-full bg-accent-soft/10 blur-3xl"
          />
          <Link to={href.home()} className="relative font-display text-3xl tracking-[0.08em] text-canvas">
            <bdi>{shopName}</bdi>
          </Link>
          <div className="relative mt-16">{aside}</div>
        </aside>
        <div className="p-6 sm:p-10 lg:p-12">
          <Link
            to={href.home()}
            className="mb-8 block font-display text-2xl tracking-[0.08em] text-ink md:hidden"
          >
            <bdi>{shopName}</bdi>
          </Link>
          <h1 className="text-title text-ink">{title}</h1>
          <p className="mt-2 text-sm text-muted">{subtitle}</p>
          <div className="mt-8">{children}</div>
        </div>
      </div>
    </div>
  );
}
