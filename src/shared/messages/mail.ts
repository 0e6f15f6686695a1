/**
 * The e-mails the shop sends (issue 15). Placeholders are filled by `format`; the server escapes every
 * value it puts into the HTML copy.
 */
export const mail = {
  greeting: 'Hello {name},',
  signOff: 'Thank you for shopping with {shop}.',
  // Order placed, to the shopper
  orderPlacedSubject: 'Your {shop} order {number}',
  orderPlacedIntro: 'Thank you for your order. Your order number is {number}; keep it to ask us about it.',
  orderLine: '{name} × {n}: {price}',
  subtotal: 'Subtotal: {amount}',
  shippingFee: 'Shipping fee: {amount}',
  grandTotal: 'Total: {amount}',
  deliverTo: 'Delivering to: {name}, {address}, {phone}',
  paymentCash: 'Payment: cash on delivery.',
  paymentInstapay: 'Payment: online (InstaPay).',
  viewOrder: 'See your order: {url}',
  // New order, to the shop
  newOrderSubject: 'New order {number}: {amount}',
  newOrderIntro: '{customer} ({email}) placed order {number}.',
  newOrderPayment: 'Payment method: {method}',
  // Status changed, to the shopper
  statusChangedSubject: 'Your {shop} order {number} is now {status}',
  statusChangedIntro: 'The status of your order {number} changed to: {status}.',
  statusChangedNote: 'A note from the shop: {note}',
  // Shipped (issue 36), to the shopper
  shippedSubject: 'Your {shop} order {number} is on its way',
  shippedIntro: 'Your order {number} has left with the courier.',
  trackingNumber: 'Tracking number: {tracking}',
  trackOrder: 'Follow your parcel: {url}',
  trackOrderLink: 'Follow your parcel',
  shippedCash: 'Please have {amount} ready for the courier.',
  // Password reset
  resetSubject: 'Reset your {shop} password',
  resetIntro: 'Someone, hopefully you, asked to reset the password of your {shop} account.',
  resetAction: 'Choose a new password here (the link works once, for one hour): {url}',
  resetButton: 'Choose a new password',
  resetIgnore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  // Start-up
  smtpDelivery: 'Mail:      SMTP ({host}), from {from}',
  fileDelivery: 'Mail:      no SMTP_URL, so e-mails are written as .eml files under {dir}',
} as const;
