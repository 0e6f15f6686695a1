import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { layout } from '@/web/i18n/first-screen';
import { href } from '@/web/paths';

const m = layout;

interface SearchBoxProps {
  /** Distinguishes the bar's box from the mobile menu's for labels and tests. */
  id: string;
  className?: string;
  onSearch?: () => void;
}

/** Trimmed text; a non-empty one goes to /products?search=…, an empty one does nothing (SPEC §2). */
export function SearchBox({ id, className = '', onSearch }: SearchBoxProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const urlSearch = searchParams.get('search') ?? '';
  const [text, setText] = useState(urlSearch);
  // The listing also changes ?search= (Clear All, a chip); the box follows it rather than showing stale text.
  const [seenUrlSearch, setSeenUrlSearch] = useState(urlSearch);
  if (urlSearch !== seenUrlSearch) {
    setSeenUrlSearch(urlSearch);
    setText(urlSearch);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(href.products({ search: query }));
    onSearch?.();
  };

  return (
    <form role="search" onSubmit={submit} className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {m.search}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={m.searchPlaceholder}
        autoComplete="off"
        enterKeyHint="search"
        className="h-10 w-full rounded-pill border border-line bg-surface/80 ps-4 pe-11 text-sm text-ink placeholder:text-muted transition focus:border-accent focus:bg-surface focus:ring-3 focus:ring-accent-soft focus:outline-none"
      />
      <button
        type="submit"
        aria-label={m.search}
        className="absolute inset-y-1 end-1 inline-flex w-8 items-center justify-center rounded-pill text-ink-soft transition hover:bg-sand hover:text-ink"
      >
        <Search className="size-4" aria-hidden="true" />
      </button>
    </form>
  );
}
