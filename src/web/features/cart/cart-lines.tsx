import { Minus, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { isolate } from '@/web/i18n/bidi';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { toEgp, toPiastres } from '@/shared/money';
import { formatEgp } from '@/web/i18n/language';
import type { CartLineDto } from '@/shared/schemas/cart';
import { lineOptionsText, lineTitle } from '@/web/lib/chosen-options-text';
import { localizedName } from '@/web/lib/localized';
import { href } from '@/web/paths';

const m = messages.cart;

export interface CartLinesProps {
  lines: CartLineDto[];
  busyWith: string | null;
  onChangeQuantity: (line: CartLineDto, delta: number) => void;
  onRemove: (line: CartLineDto) => void;
}

/**
 * The line's name for its buttons, so the controls of two sizes of one dress are told apart; isolated,
 * as it sits inside the button's sentence.
 */
function lineName(line: CartLineDto): string {
  return isolate(lineTitle(localizedName(line.productId), line.variant, line.variantToConfirm));
}

/** 'Size: M · Color: Navy' under the name, for a line of a variant ('Size to confirm' without one). */
function ChosenOptions({ line }: { line: CartLineDto }) {
  const text = lineOptionsText(line);
  return text ? <span className="block text-sm font-normal text-ink-soft">{text}</span> : null;
}

/** Summed in piastres so 3 × 33.30 is 99.90, not 99.89999. */
function lineTotal(line: CartLineDto): number {
  return toEgp(toPiastres(line.productId.finalPrice) * line.quantity);
}

function productPath(line: CartLineDto): string {
  return href.productById(line.productId._id);
}

function Thumbnail({ line, className }: { line: CartLineDto; className: string }) {
  const image = line.productId.defaultImage;
  return image?.url ? (
    <img
      src={image.url}
      srcSet={image.srcset}
      sizes="96px"
      alt=""
      loading="lazy"
      width={96}
      height={96}
      className={`${className} shrink-0 rounded-field bg-sand object-cover`}
    />
  ) : (
    <div aria-hidden className={`${className} shrink-0 rounded-field bg-sand`} />
  );
}

function QuantityControls({ line, busy, onChangeQuantity }: Omit<LineProps, 'onRemove'>) {
  const name = lineName(line);
  return (
    <div className="flex items-center">
      <div className="inline-flex items-center rounded-pill border border-line-strong">
        <button
          type="button"
          className="grid size-11 place-items-center rounded-pill text-ink-soft hover:bg-sand hover:text-ink"
          aria-label={format(m.decreaseQuantity, { name })}
          onClick={() => onChangeQuantity(line, -1)}
        >
          <Minus aria-hidden className="size-4" />
        </button>
        <span className="min-w-8 text-center text-sm font-medium tabular-nums" aria-live="polite">
          {line.quantity}
        </span>
        <button
          type="button"
          className="grid size-11 place-items-center rounded-pill text-ink-soft hover:bg-sand hover:text-ink"
          aria-label={format(m.increaseQuantity, { name })}
          onClick={() => onChangeQuantity(line, 1)}
        >
          <Plus aria-hidden className="size-4" />
        </button>
      </div>
      {busy && <span className="sr-only">{messages.layout.loading}</span>}
    </div>
  );
}

function RemoveButton({ line, onRemove }: Pick<LineProps, 'line' | 'onRemove'>) {
  return (
    <button
      type="button"
      className="grid size-11 place-items-center rounded-pill text-muted hover:bg-sand hover:text-danger"
      aria-label={format(m.removeItem, { name: lineName(line) })}
      onClick={() => onRemove(line)}
    >
      <Trash2 aria-hidden className="size-4" />
    </button>
  );
}

interface LineProps {
  line: CartLineDto;
  busy: boolean;
  onChangeQuantity: CartLinesProps['onChangeQuantity'];
  onRemove: CartLinesProps['onRemove'];
}

/** Wide screens: the table of SPEC §2 (Product, Price, Quantity, Total, Actions). */
export function CartTable({ lines, busyWith, onChangeQuantity, onRemove }: CartLinesProps) {
  return (
    <table className="hidden w-full border-separate border-spacing-0 text-start md:table">
      <thead>
        <tr className="text-eyebrow uppercase tracking-[0.14em] text-muted">
          <th scope="col" className="border-b border-line pb-3 text-start font-semibold">
            {m.product}
          </th>
          <th scope="col" className="border-b border-line pb-3 text-start font-semibold">
            {m.price}
          </th>
          <th scope="col" className="border-b border-line pb-3 text-start font-semibold">
            {m.quantity}
          </th>
          <th scope="col" className="border-b border-line pb-3 text-end font-semibold">
            {m.total}
          </th>
          <th scope="col" className="border-b border-line pb-3 text-end font-semibold">
            {m.actions}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const busy = busyWith === line._id || busyWith === 'all';
          return (
            <tr key={line._id} aria-busy={busy} className={busy ? 'opacity-60' : undefined}>
              <td className="border-b border-line py-4 pe-4">
                <Link to={productPath(line)} className="flex items-center gap-4 hover:text-accent">
                  <Thumbnail line={line} className="size-20" />
                  <span className="font-medium">
                    <bdi>{localizedName(line.productId)}</bdi>
                    <ChosenOptions line={line} />
                  </span>
                </Link>
              </td>
              <td className="border-b border-line py-4 pe-4 tabular-nums text-ink-soft">
                {formatEgp(line.productId.finalPrice)}
              </td>
              <td className="border-b border-line py-4 pe-4">
                <QuantityControls line={line} busy={busy} onChangeQuantity={onChangeQuantity} />
              </td>
              <td className="border-b border-line py-4 text-end font-medium tabular-nums">
                {formatEgp(lineTotal(line))}
              </td>
              <td className="border-b border-line py-4 ps-4 text-end">
                <div className="flex justify-end">
                  <RemoveButton line={line} onRemove={onRemove} />
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Narrow screens: one card per line with the same controls. */
export function CartCards({ lines, busyWith, onChangeQuantity, onRemove }: CartLinesProps) {
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {lines.map((line) => {
        const busy = busyWith === line._id || busyWith === 'all';
        return (
          <li
            key={line._id}
            aria-busy={busy}
            className={`card flex flex-col gap-3 p-4 ${busy ? 'opacity-60' : ''}`}
          >
            <div className="flex gap-4">
              <Link to={productPath(line)} tabIndex={-1} aria-hidden>
                <Thumbnail line={line} className="size-20" />
              </Link>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <Link to={productPath(line)} className="font-medium hover:text-accent">
                  <bdi>{localizedName(line.productId)}</bdi>
                </Link>
                <ChosenOptions line={line} />
                <p className="text-sm text-muted tabular-nums">{formatEgp(line.productId.finalPrice)}</p>
              </div>
              <RemoveButton line={line} onRemove={onRemove} />
            </div>
            <div className="flex items-center justify-between gap-3 border-t border-line pt-3">
              <QuantityControls line={line} busy={busy} onChangeQuantity={onChangeQuantity} />
              <p className="font-medium tabular-nums">{formatEgp(lineTotal(line))}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
