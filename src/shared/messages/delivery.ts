/**
 * Delivery as shoppers meet it (issue 36): the governorate and area at checkout, the fee or free
 * delivery, the estimate, and the road of an order (shipped, delivered, refused, returned) with its
 * tracking link. The admin's own texts about shipping are in ./shipping.ts.
 */
export const delivery = {
  // The server's answers (src/server/delivery).
  unknownGovernorate: 'Please choose a governorate of Egypt',
  notDelivered: 'Sorry, we do not deliver to this governorate yet',
  cashNotAllowed: 'Cash on delivery is not available in this governorate: please pay with InstaPay',
  governorate: 'Governorate',
  // The checkout's governorate field (a searchable list)
  chooseGovernorate: 'Choose your governorate',
  searchGovernorate: 'Type to search',
  governorates: 'Governorates',
  noGovernorateMatches: 'No governorate matches',
  governorateRule: 'Please choose your governorate',
  // The fee, the estimate and the total, as the server quotes them
  deliveryFee: 'Delivery',
  freeDelivery: 'Free delivery',
  cashOnDeliveryFee: 'Cash on delivery fee',
  calculatingDelivery: 'Calculating…',
  chooseGovernorateForFee: 'Choose your governorate to see the delivery fee and the total.',
  quoteFailed: 'The delivery fee could not be calculated now; the shop confirms it with your order.',
  estimate:
    '{max, plural, =0 {Delivery the same day} one {Delivery in 1 day} other {Delivery in {min}–# days}}',
  notDeliverable: 'We do not deliver to {governorate} yet. Please choose another governorate.',
  cashNotOffered: 'Cash on delivery is not available in {governorate}: please pay with InstaPay.',
  freeDeliveryCash: 'Delivery is free: pay for your order in cash when it arrives.',
  // The cart's delivery line and the product page's zones
  deliveryFrom: 'Delivery from {fee}',
  deliveryTo: 'Delivery to {governorate}: {fee}',
  addForFreeDelivery: 'Add {amount} more for free delivery',
  freeOver: 'Free over {amount}',
  // An order on the road
  deliveryStates: {
    notShipped: 'Not shipped yet',
    shipped: 'Shipped',
    delivered: 'Delivered',
    refused: 'Refused at the door',
    returned: 'Returned to the shop',
  },
  trackingNumber: 'Tracking number',
  trackParcel: 'Track {number} (opens in a new tab)',
} as const;
