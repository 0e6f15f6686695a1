/**
 * Confirming cash orders before they ship (issue 37) as the shopper and the API's clients meet it: the
 * checkout's refusals for a blocked number or a prepay rule, and the server's answers about an order
 * awaiting confirmation. The admin's own texts are in ./customers.ts.
 */
export const confirmation = {
  // Checkout (src/server/orders): a number the owner blocked, and the shop's prepay rules.
  cashBlocked:
    'Cash on delivery is not available for this phone number. Please pay with InstaPay, or message us on WhatsApp',
  cashBlockedChat:
    'Cash on delivery is not available for this phone number. Please pay with InstaPay, or message us on WhatsApp: {link}',
  orderBlocked: 'We cannot take orders from this phone number. Please message us on WhatsApp',
  orderBlockedChat: 'We cannot take orders from this phone number. Please message us on WhatsApp: {link}',
  prepayFirstOrder:
    'Orders over {amount} EGP from a new phone number are paid in advance: please choose InstaPay',
  prepayRefusals:
    'This phone number has refused deliveries before, so we ask for payment in advance: please choose InstaPay',
  // The server's answers about an order awaiting confirmation.
  notShippedBeforeConfirmed: 'Order {number} awaits the customer’s confirmation: confirm it before it ships',
  changeOnlyWhileAwaiting: 'An order can be changed only while it awaits the customer’s confirmation',
  contactOnlyWhileOpen: 'A contact can be logged only while the order is pending or confirmed',
  contactLogged: 'Contact logged',
  orderChanged: 'Order changed',
  addressChanged: 'Address changed',
  contactChannelRule: 'Choose how you reached the customer: phone or whatsapp',
  confirmationFilterRule: 'confirmation must be toConfirm',
  contactOutcomeRule: 'Choose what came of it: confirmed, noAnswer, askedToChange or cancelled',
  // WhatsApp's webhook
  whatsappNotConfigured: 'WhatsApp Business is not configured for this shop',
  webhookVerifyRefused: 'The verify token does not match',
  webhookSignatureRefused: 'The signature does not match the body',
  // The order's history: what changed while it awaited.
  historyVariantChanged: '{name}: changed from {from} to {to}',
  historyAddressChanged: 'Address changed: {address}',
  historyNoAnswer: 'No answer within {hours} hours: cancelled',
  historyRepliedConfirm: 'Confirmed by the customer on WhatsApp',
  historyRepliedCancel: 'Cancelled by the customer on WhatsApp',
  historyContact: 'Contact ({channel}): {outcome}',
} as const;
