/**
 * The shop's settings (issue 16): the admin's Settings screen and the server's checks of it. Shoppers
 * read none of these (the policy pages' and the delivery block's texts are the catalogue's), so they
 * load with the admin's screens.
 */
export const settings = {
  // The admin's Settings screen
  title: 'Settings',
  intro: 'What the shop shows and charges. A change shows everywhere within a second.',
  identitySection: 'Shop',
  shopName: 'Shop name',
  shopNameAr: 'Shop name in Arabic',
  logo: 'Logo',
  noLogo: 'No logo yet: the shop name is shown instead.',
  uploadLogo: 'Upload a logo',
  removeLogo: 'Remove the logo',
  logoUploaded: 'Logo saved',
  logoRemoved: 'Logo removed',
  logoRequired: 'Choose an image for the logo',
  contactSection: 'Contact',
  phone: 'Contact phone',
  email: 'Contact e-mail',
  whatsapp: 'WhatsApp number',
  whatsappHint: '01xxxxxxxxx, or an international number starting with +. Empty hides the WhatsApp links.',
  socialSection: 'Social networks',
  socialHint: 'A full link such as https://instagram.com/yourshop. A network left empty is not shown.',
  paymentSection: 'Payment and delivery',
  walletNumber: 'Mobile wallet number',
  walletHint: 'Shown to shoppers who pay with InstaPay, and in the order e-mails.',
  shippingFee: 'Shipping fee to {city} (EGP)',
  feesHint: 'Orders placed from now on pay the new fees; orders already placed keep theirs.',
  announcementSection: 'Announcement bar',
  announcement: 'Announcement in English',
  announcementAr: 'Announcement in Arabic',
  announcementHint:
    'Shown at the top of every shop page, e.g. Free delivery over 1,500 EGP. Empty hides the bar.',
  policiesSection: 'Policy pages',
  policiesHint: 'Written in Markdown: # a heading, **bold**, - a list item, [a link](https://…).',
  policyEnglish: '{page} page in English',
  policyArabic: '{page} page in Arabic',
  save: 'Save settings',
  saving: 'Saving...',
  saved: 'Settings saved',
  saveFailed: 'Failed to save the settings',
  loadFailed: 'Failed to load the settings',
  // Validation (the server's words, shown beside the field)
  shopNameRequired: 'The shop name is required',
  phoneRule: 'Enter a phone number of 7 to 15 digits (spaces, dashes and a leading + are fine)',
  emailRule: 'Enter a valid e-mail address',
  whatsappRule: 'Enter an Egyptian mobile number (01xxxxxxxxx) or an international one starting with + or 00',
  walletRule: 'Enter an Egyptian mobile number: 01 then 0, 1, 2 or 5, then 8 digits',
  urlRule: 'Enter a full link starting with https://',
  feeRule: 'A shipping fee is an amount in EGP from 0 up, with at most 2 decimals',
} as const;
