import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { policyPreviewQuery } from './api/settings';

const m = messages.settings;
/** How long the owner pauses typing before the preview is made again. */
const PREVIEW_DELAY_MS = 300;

/** `value`, once it has stayed the same for `delay` ms. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A policy page's Markdown as the shop will show it (issue 35): rendered by the server with the very
 * renderer and sanitiser of /pages/* (POST /api/settings/policy-preview), in the page's own styles.
 */
export function PolicyPreview({ markdown, field, lang }: { markdown: string; field: string; lang: string }) {
  const id = useId();
  const settled = useSettled(markdown, PREVIEW_DELAY_MS).trim();
  const preview = useQuery({ ...policyPreviewQuery(settled), enabled: settled !== '' });
  const title = format(m.policyPreview, { field });
  return (
    <div className="flex min-w-0 flex-col">
      <p id={id} className="label">
        {title}
      </p>
      <div
        role="region"
        aria-labelledby={id}
        aria-describedby={`${id}-hint`}
        aria-busy={preview.isFetching || settled !== markdown.trim() ? true : undefined}
        // The preview is as long as the page: it scrolls, and a keyboard can scroll it too.
        tabIndex={0}
        className="max-h-96 min-h-40 flex-1 overflow-y-auto rounded-field border border-line bg-canvas px-4 py-3"
      >
        {settled === '' ? (
          <p className="text-sm text-muted">{m.policyPreviewEmpty}</p>
        ) : preview.isError ? (
          <p className="text-sm text-danger" role="alert">
            {m.policyPreviewFailed}
          </p>
        ) : preview.data !== undefined ? (
          <div
            className="policy-text"
            lang={lang}
            dir="auto"
            // Safe: the server renders the Markdown with raw HTML off and sanitises the result, as for
            // the shop's own page (src/server/settings/markdown.ts).
            dangerouslySetInnerHTML={{ __html: preview.data }}
          />
        ) : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {m.policyPreviewHint}
      </p>
    </div>
  );
}
