import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { PaymentType } from '@/shared/constants';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import type { CartDto } from '@/shared/schemas/cart';
import { FormField } from '@/web/components/form-field';
import { failureText } from '@/web/lib/failure-text';
import { shopPaymentInstructions } from '@/web/components/order-status';
import {
  governorateOrNull,
  lastGovernorate,
  rememberGovernorate,
  useDeliveryQuote,
} from '@/web/lib/api/get-delivery-quote';
import { governorateLabel } from '@/web/lib/delivery-words';
import type { PlacedOrderState } from '@/web/lib/placed-order-state';
import { CheckoutFormSchema, type CheckoutFormInput, type CheckoutFormValues } from './checkout-form-schema';
import { GovernorateCombobox } from './governorate-combobox';
import { newIdempotencyKey } from './idempotency-key';
import { OrderSummary, type QuoteView } from './order-summary';
import { PaymentProofField } from './payment-proof-field';
import { proofProblem } from './payment-proof';
import { usePlaceOrder } from './api/place-order';
import { href } from '@/web/paths';
import { notify } from '@/web/lib/notify';
import { ApiError } from '@/web/lib/api';
import { TextWithLinks } from '@/web/components/text-with-links';

const m = messages.orders;
const d = messages.delivery;

const PAYMENT_OPTIONS: { value: PaymentType; label: string }[] = [
  { value: 'cash', label: m.cash },
  { value: 'instapay', label: m.instapay },
];

type TextFieldName = Exclude<keyof CheckoutFormInput, 'governorate' | 'paymentType'>;

interface TextField {
  name: TextFieldName;
  label: string;
  autoComplete: string;
  inputMode?: 'tel' | 'numeric';
  /** Columns of the form's 6-column grid. */
  span: string;
}

const HALF = 'col-span-6 sm:col-span-3';
const FULL = 'col-span-6';
// Short numbers sit three to a row even on a phone.
const THIRD = 'col-span-2';

const FIELDS_BEFORE_GOVERNORATE: TextField[] = [
  { name: 'name', label: m.fullName, autoComplete: 'name', span: HALF },
  { name: 'phone', label: m.phone, autoComplete: 'tel', inputMode: 'tel', span: HALF },
  { name: 'street', label: m.street, autoComplete: 'address-line1', span: FULL },
  { name: 'building', label: m.building, autoComplete: 'off', inputMode: 'numeric', span: THIRD },
  { name: 'floor', label: m.floor, autoComplete: 'off', inputMode: 'numeric', span: THIRD },
  { name: 'apartment', label: m.apartment, autoComplete: 'off', inputMode: 'numeric', span: THIRD },
];
const AREA: TextField = { name: 'area', label: m.area, autoComplete: 'address-level2', span: HALF };
// One toast however often the shopper presses the button on a form that still has errors.
const FORM_ERRORS_TOAST = 'checkout-form-errors';

const LANDMARK: TextField = { name: 'landmark', label: m.landmark, autoComplete: 'off', span: FULL };

/** What the payment box says to do: SPEC §9's instructions with the quoted amounts, or why none yet. */
function paymentText(delivery: QuoteView, paymentType: PaymentType): string {
  switch (delivery.kind) {
    case 'unchosen':
      return d.chooseGovernorateForFee;
    case 'loading':
      return d.calculatingDelivery;
    case 'failed':
      return d.quoteFailed;
    case 'quoted': {
      const { quote } = delivery;
      // Not deliverable: the message beside the button says so.
      if (!quote.deliverable) return d.chooseGovernorateForFee;
      // Nothing to send ahead for a free delivery paid in cash.
      if (paymentType === 'cash' && quote.shippingFee === 0) return d.freeDeliveryCash;
      return shopPaymentInstructions(paymentType, { fee: quote.shippingFee, total: quote.grandTotal });
    }
  }
}

/** The ready state of /checkout: shipping form, payment, proof, summary and the submit (SPEC §2, §4, §5, §9). */
export function CheckoutForm({ cart }: { cart: CartDto }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(CheckoutFormSchema),
    defaultValues: {
      name: '',
      phone: '',
      street: '',
      building: '',
      floor: '',
      apartment: '',
      landmark: '',
      area: '',
      // Where she had a fee quoted last (the cart page, an earlier checkout), so she need not choose again.
      governorate: lastGovernorate() ?? undefined,
      paymentType: 'cash',
    },
  });
  const { field: governorateField } = useController({ control, name: 'governorate' });
  const governorate = governorateOrNull(governorateField.value);
  const paymentType = useWatch({ control, name: 'paymentType' });
  const [proof, setProof] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  // The shop's refusal of this number or this way of paying (issue 37: a block, a prepay rule): it stays
  // in sight, with its WhatsApp link, until she changes how she pays or her number.
  const [refusal, setRefusal] = useState<string | null>(null);
  const phone = useWatch({ control, name: 'phone' });
  useEffect(() => setRefusal(null), [phone, paymentType]);
  // One key per checkout attempt: a retry after a lost answer returns the first order, not a second one.
  const idempotencyKey = useRef(newIdempotencyKey());
  // handleSubmit validates asynchronously, so two quick clicks both pass before isPending turns true.
  const submitting = useRef(false);

  const mutation = usePlaceOrder({
    onSuccess: async (answer) => {
      notify.success(m.orderPlaced);
      const placed: PlacedOrderState = { placedOrderId: answer.order._id };
      await navigate(href.orders(), { state: placed });
    },
    onError: (error) => {
      const text = failureText(error, m.somethingWentWrong);
      if (error instanceof ApiError && error.status === 403) setRefusal(text);
      notify.error(text);
    },
    onSettled: () => {
      submitting.current = false;
    },
  });

  // The fee, the cash fee and the total of this cart to the chosen governorate, as the server prices them.
  const quoted = useDeliveryQuote({ governorate, paymentType, cartId: cart._id, subtotal: cart.subtotal });
  const quote = governorate ? quoted.data : undefined;
  const delivery: QuoteView =
    governorate === null
      ? { kind: 'unchosen' }
      : quote
        ? { kind: 'quoted', quote }
        : quoted.isError
          ? { kind: 'failed' }
          : { kind: 'loading' };
  const undeliverable = quote !== undefined && !quote.deliverable;
  const cashRefused = quote !== undefined && quote.deliverable && !quote.cashOnDeliveryAllowed;
  const proofRequired = paymentType === 'instapay';

  // A zone without cash on delivery leaves InstaPay the only way to pay there.
  useEffect(() => {
    if (cashRefused && paymentType === 'cash') setValue('paymentType', 'instapay');
  }, [cashRefused, paymentType, setValue]);

  function missingProof(type: unknown): string | null {
    return type === 'instapay' && !proof ? m.proofRequired : null;
  }

  function choose(file: File | null): boolean {
    const problem = file ? proofProblem(file) : null;
    setProofError(problem);
    setProof(problem ? null : file);
    return problem === null;
  }

  const onValid = (values: CheckoutFormValues) => {
    const problem = missingProof(values.paymentType);
    setProofError(problem);
    if (problem) {
      notify.error(m.correctFormErrors, { id: FORM_ERRORS_TOAST });
      return;
    }
    if (submitting.current || undeliverable) return;
    submitting.current = true;
    mutation.mutate({ cartId: cart._id, values, proof, idempotencyKey: idempotencyKey.current });
  };

  const onInvalid = () => {
    const problem = missingProof(getValues('paymentType'));
    if (problem) setProofError(problem);
    notify.error(m.correctFormErrors, { id: FORM_ERRORS_TOAST });
  };

  const busy = mutation.isPending || mutation.isSuccess;
  const governorateName = governorate ? governorateLabel(governorate) : '';

  const textField = (field: TextField) => (
    <FormField
      key={field.name}
      id={`checkout-${field.name}`}
      label={field.label}
      autoComplete={field.autoComplete}
      inputMode={field.inputMode}
      type={field.name === 'phone' ? 'tel' : 'text'}
      error={errors[field.name]?.message}
      className={field.span}
      {...register(field.name)}
    />
  );

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8"
    >
      <div className="flex flex-col gap-6">
        <fieldset className="card p-5 sm:p-6">
          <legend className="sr-only">{m.shippingDetails}</legend>
          <h2 aria-hidden className="mb-5 text-xl">
            {m.shippingDetails}
          </h2>
          <div className="grid grid-cols-6 gap-x-3 gap-y-4 sm:gap-x-4">
            {FIELDS_BEFORE_GOVERNORATE.map(textField)}
            <GovernorateCombobox
              id="checkout-governorate"
              className={HALF}
              value={governorate}
              onChange={(code) => {
                governorateField.onChange(code);
                rememberGovernorate(code);
              }}
              onBlur={governorateField.onBlur}
              inputRef={governorateField.ref}
              error={errors.governorate?.message}
            />
            {textField(AREA)}
            {textField(LANDMARK)}
          </div>
        </fieldset>

        <fieldset className="card flex flex-col gap-4 p-5 sm:p-6">
          <legend className="sr-only">{m.paymentMethod}</legend>
          <h2 aria-hidden className="text-xl">
            {m.paymentMethod}
          </h2>
          <div className="grid gap-3 sm:grid-cols-2">
            {PAYMENT_OPTIONS.map((option) => (
              <label
                key={option.value}
                className={`flex items-center gap-3 rounded-field border px-4 py-3 text-sm font-medium transition-colors ${
                  option.value === 'cash' && cashRefused
                    ? 'cursor-not-allowed border-line text-muted opacity-60'
                    : paymentType === option.value
                      ? 'cursor-pointer border-accent bg-accent-soft text-ink'
                      : 'cursor-pointer border-line-strong text-ink-soft hover:border-ink'
                }`}
              >
                <input
                  type="radio"
                  value={option.value}
                  className="accent-accent"
                  disabled={option.value === 'cash' && cashRefused}
                  aria-describedby={
                    option.value === 'cash' && cashRefused ? 'checkout-cash-refused' : undefined
                  }
                  {...register('paymentType')}
                />
                {option.label}
              </label>
            ))}
          </div>
          {cashRefused ? (
            <p id="checkout-cash-refused" className="text-sm text-ink-soft">
              {format(d.cashNotOffered, { governorate: governorateName })}
            </p>
          ) : null}
          <p className="rounded-field bg-sand px-4 py-3 text-sm text-ink-soft" aria-live="polite">
            {paymentText(delivery, paymentType)}
          </p>
          <PaymentProofField file={proof} error={proofError} required={proofRequired} onChoose={choose} />
        </fieldset>
      </div>

      <div className="flex flex-col gap-4 lg:sticky lg:top-24">
        <OrderSummary lines={cart.products} subtotal={cart.subtotal} delivery={delivery} />
        {undeliverable ? (
          <p
            role="alert"
            className="rounded-field border border-danger/30 bg-danger/8 px-4 py-3 text-sm text-danger"
          >
            {format(d.notDeliverable, { governorate: governorateName })}
          </p>
        ) : null}
        {refusal && (
          <p
            role="alert"
            className="rounded-field border border-danger/30 bg-danger/8 px-4 py-3 text-sm text-danger"
          >
            <TextWithLinks text={refusal} />
          </p>
        )}
        <button
          type="submit"
          className="btn btn-accent w-full py-3 text-base"
          disabled={busy || undeliverable}
          aria-busy={busy}
        >
          {busy ? m.processing : m.placeOrder}
        </button>
      </div>
    </form>
  );
}
