import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { POLICY_PAGES, type PolicyPage } from '@/shared/constants';
import type { Language } from '@/shared/language';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { PolicyPageAnswer } from '@/shared/schemas/settings';
import { LoadFailure } from '@/web/components/load-failure';
import { language } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { api, UnsuccessfulAnswer } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { useDocumentTitle } from '@/web/lib/shop';

const m = messages.catalog;

/** GET /api/pages/{page}: the page's HTML, rendered from the owner's Markdown and sanitised by the server. */
function policyPageQuery(page: PolicyPage, pageLanguage: Language) {
  return queryOptions({
    queryKey: queryKeys.policyPage(page, pageLanguage),
    queryFn: async ({ signal }) => {
      const answer = await api.get<PolicyPageAnswer | ErrorAnswer>(`/pages/${page}`, {
        signal,
        query: { lang: pageLanguage },
      });
      if (!answer.success) throw new UnsuccessfulAnswer(answer.message);
      return answer.page;
    },
  });
}

function isPolicyPage(value: string | undefined): value is PolicyPage {
  return (POLICY_PAGES as readonly (string | undefined)[]).includes(value);
}

/**
 * Shipping, returns, privacy or contact, as the owner wrote it in the admin's Settings (issue 16). The
 * router declares the four addresses alone (any other /pages/… is the shop's not-found page), so the
 * page is the address's last part.
 */
export default function PolicyPageScreen() {
  const page = useLocation().pathname.split('/').pop();
  return isPolicyPage(page) ? <Policy page={page} /> : null;
}

function Policy({ page }: { page: PolicyPage }) {
  const title = messages.layout.policyPages[page];
  useDocumentTitle(title);
  const query = useQuery(policyPageQuery(page, language));
  if (query.isError) return <LoadFailure title={m.pageLoadFailed} />;
  return (
    <article className="shell max-w-3xl py-12 sm:py-16">
      {query.isPending ? (
        <div aria-busy="true" className="space-y-4">
          <div className="h-10 w-1/2 animate-pulse rounded bg-sand" />
          <div className="h-4 w-full animate-pulse rounded bg-sand" />
          <div className="h-4 w-5/6 animate-pulse rounded bg-sand" />
        </div>
      ) : query.data.html ? (
        <div
          className="policy-text"
          // A page the owner wrote only in English falls back to it on Arabic pages: the text takes the
          // direction of its own first words.
          dir="auto"
          // Safe: the server renders the Markdown with raw HTML off and sanitises the result
          // (src/server/settings/markdown.ts, tested with hostile Markdown).
          dangerouslySetInnerHTML={{ __html: query.data.html }}
        />
      ) : (
        <>
          <h1 className="text-title text-ink">{title}</h1>
          <p className="mt-4 text-muted">{m.pageNotWritten}</p>
        </>
      )}
    </article>
  );
}
