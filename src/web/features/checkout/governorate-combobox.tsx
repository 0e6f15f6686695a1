import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type Ref } from 'react';
import { GOVERNORATES, type GovernorateCode } from '@/shared/governorates';
import { searchTerm } from '@/shared/search-text';
import { FieldError } from '@/web/components/form-field';
import { language } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';

const m = messages.delivery;

interface GovernorateOption {
  code: GovernorateCode;
  /** In the page's language: what the list shows and the field reads once chosen. */
  name: string;
  /** Both names in the search's one spelling, so 'اسكندرية' finds الإسكندرية and 'alex' finds it too. */
  searchable: readonly string[];
}

const OPTIONS: readonly GovernorateOption[] = GOVERNORATES.map((governorate) => ({
  code: governorate.code,
  name: governorate.name[language],
  searchable: [searchTerm(governorate.name.en), searchTerm(governorate.name.ar)],
}));

function matching(typed: string): readonly GovernorateOption[] {
  const term = searchTerm(typed);
  if (term === '') return OPTIONS;
  return OPTIONS.filter((option) => option.searchable.some((name) => name.includes(term)));
}

/** The one governorate whose name is exactly what was typed (in either language), if any. */
function exactMatch(typed: string): GovernorateOption | undefined {
  const term = searchTerm(typed);
  return OPTIONS.find((option) => option.searchable.includes(term));
}

interface GovernorateComboboxProps {
  id: string;
  value: GovernorateCode | null;
  onChange: (code: GovernorateCode) => void;
  onBlur?: () => void;
  error?: string | undefined;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The checkout's governorate (issue 36): an editable combobox with a list that filters as she types
 * (WAI-ARIA's combobox pattern with list autocomplete): the 27 governorates in the page's language,
 * up and down move through them, Enter chooses, Escape closes and puts the chosen name back. A real
 * <select> of 27 cannot be searched on a phone, and typing finds a governorate in either spelling.
 */
export function GovernorateCombobox({
  id,
  value,
  onChange,
  onBlur,
  error,
  className = '',
  inputRef,
}: GovernorateComboboxProps) {
  const listboxId = useId();
  const errorId = `${id}-error`;
  const chosenName = OPTIONS.find((option) => option.code === value)?.name ?? '';
  const [open, setOpen] = useState(false);
  // What she typed since she last chose; null while the field shows the chosen name.
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const shown = useMemo(() => (typed === null ? OPTIONS : matching(typed)), [typed]);
  const activeOption = open ? shown[active] : undefined;
  const optionId = (code: string) => `${listboxId}-${code}`;

  useEffect(() => {
    if (!activeOption) return;
    // jsdom has no scrollIntoView; browsers keep the active option in sight while the keys move it.
    document.getElementById(optionId(activeOption.code))?.scrollIntoView?.({ block: 'nearest' });
    // optionId only joins the listbox's stable id with the code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeOption]);

  function openList() {
    setOpen(true);
    const chosenIndex = shown.findIndex((option) => option.code === value);
    setActive(chosenIndex >= 0 ? chosenIndex : 0);
  }

  function close() {
    setOpen(false);
    setTyped(null);
    setActive(-1);
  }

  function choose(option: GovernorateOption) {
    onChange(option.code);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = shown.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else if (count > 0) setActive((index) => (index + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else if (count > 0) setActive((index) => (index <= 0 ? count - 1 : index - 1));
        break;
      case 'Enter':
        // Enter in an open list chooses; in a closed one it submits the form, as in any field.
        if (open && activeOption) {
          event.preventDefault();
          choose(activeOption);
        }
        break;
      case 'Escape':
        if (open || typed !== null) {
          event.preventDefault();
          close();
        }
        break;
    }
  }

  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {m.governorate}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          className="field pe-10"
          autoComplete="off"
          spellCheck={false}
          placeholder={value === null ? m.chooseGovernorate : m.searchGovernorate}
          value={typed ?? chosenName}
          aria-expanded={open}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? optionId(activeOption.code) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            setActive(matching(event.target.value).length > 0 ? 0 : -1);
          }}
          onClick={() => (open ? undefined : openList())}
          onKeyDown={onKeyDown}
          onBlur={() => {
            // A name typed out in full counts as chosen; anything else gives the chosen name back.
            const exact = typed === null ? undefined : exactMatch(typed);
            if (exact) onChange(exact.code);
            close();
            onBlur?.();
          }}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={m.governorates}
          aria-expanded={open}
          aria-controls={listboxId}
          className="absolute inset-y-0 end-0 grid w-10 place-items-center text-muted"
          // Keeps the focus in the input, which the list belongs to.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => (open ? close() : openList())}
        >
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
        {open ? (
          <div className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-field border border-line bg-surface shadow-lift">
            {shown.length === 0 ? (
              <p className="px-3 py-2.5 text-sm text-muted" role="status">
                {m.noGovernorateMatches}
              </p>
            ) : null}
            <ul
              id={listboxId}
              role="listbox"
              aria-label={m.governorates}
              className={`max-h-64 overflow-y-auto py-1 ${shown.length === 0 ? 'hidden' : ''}`}
            >
              {shown.map((option, index) => {
                const selected = option.code === value;
                return (
                  <li
                    key={option.code}
                    id={optionId(option.code)}
                    role="option"
                    aria-selected={selected}
                    className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${
                      index === active ? 'bg-accent-soft text-ink' : 'text-ink-soft'
                    } ${selected ? 'font-semibold' : ''}`}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setActive(index)}
                    onClick={() => choose(option)}
                  >
                    <span>{option.name}</span>
                    {selected ? <Check aria-hidden="true" className="size-4 text-accent" /> : null}
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
